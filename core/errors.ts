/**
 * Exceptions used inside the program. They never leave it: the runner turns every one of them
 * into a failed envelope whose `error` is `message` (never a stack trace).
 */
export class FinanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FinanceError";
  }
}

/** Bad invocation: unknown command or argument, wrong type, missing required argument (exit 2). */
export class UsageError extends FinanceError {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** An input that is well-formed but cannot be computed with (division by zero, bad range). */
export class InputError extends FinanceError {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}

/**
 * Thrown by a command's lean function (adapters/lean.ts) when it cannot answer a call itself and the
 * command's ordinary `run` must: the CLI then runs the call through the runner. Never leaves the
 * lean path.
 */
export class HandOver extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HandOver";
  }
}

/** A provider (outside service or package) failed. Carries what a user needs to act. */
export class ProviderError extends FinanceError {
  readonly provider: string;
  readonly url?: string;
  readonly status?: number;
  constructor(
    provider: string,
    message: string,
    opts: { url?: string; status?: number } = {},
  ) {
    super(`${provider}: ${message}`);
    this.name = "ProviderError";
    this.provider = provider;
    this.url = opts.url;
    this.status = opts.status;
  }
}

/** A provider that needs configuration it does not have (an API key, a package). */
export class MissingConfigError extends ProviderError {
  readonly missing: string[];
  constructor(provider: string, missing: string[], hint = "") {
    super(
      provider,
      `not configured: set ${missing.join(", ")} in the environment${hint ? `; ${hint}` : ""}`,
    );
    this.name = "MissingConfigError";
    this.missing = missing;
  }
}

/**
 * Turns anything thrown into a message: an expected failure's own words; an unexpected one's
 * first line after "internal error: ", never a stack. That text is not yet fit for an envelope:
 * every surface passes the envelope through `hideInternals` (after redacting keys), which moves
 * it to the log under a reference.
 */
export function describeError(err: unknown): string {
  if (err instanceof FinanceError) return err.message;
  if (err instanceof RangeError) return rangeMessage(err.message);
  const fetched = fetchFailure(err);
  if (fetched) return fetched.text;
  if (err instanceof Error) {
    const name = err.name && err.name !== "Error" ? `${err.name}: ` : "";
    return `internal error: ${name}${firstLine(err.message)}`;
  }
  return `internal error: ${firstLine(String(err))}`;
}

/** A failed fetch in words a user can act on, and whether asking again may help. */
export interface FetchFailure {
  /** What happened, the URL named (without credentials or query), and what to do. */
  text: string;
  /** The reason in the engine's words, cut and without the URL (`invalid HTTP version parsed`). */
  reason: string;
  /** The server answered, but not with valid HTTP (asking again gets the same answer). */
  malformed: boolean;
  retry: boolean;
}

/**
 * What Deno's fetch means when it fails with a bare TypeError "fetch failed": the engine's words
 * are in its `cause` ("error sending request from A for URL (B): client error (SendRequest):
 * invalid HTTP version parsed", "... (Connect): tcp connect error: Connection refused"), and a
 * body that breaks off fails with "error reading a body from connection". Null for any other
 * error. The URL the cause quotes is shown without credentials and query (a key may ride in it).
 */
export function fetchFailure(err: unknown): FetchFailure | null {
  if (!(err instanceof TypeError)) return null;
  if (err.message === "error reading a body from connection") {
    return {
      text:
        "the server's answer broke off or is not valid HTTP (error reading a body from connection); try again, and if it persists the server is misconfigured or not a web server",
      reason: err.message,
      malformed: true,
      retry: true,
    };
  }
  if (err.message !== "fetch failed") return null;
  const cause = (err as { cause?: unknown }).cause;
  const said = cause instanceof Error ? cause.message : typeof cause === "string" ? cause : "";
  const quoted = /\bfor (?:url \()?(https?:\/\/[^\s()]+)/.exec(said);
  const url = quoted ? shownUrl(quoted[1]) : null;
  const to = url ? ` to ${url}` : "";
  // hyper's reason follows the last "(Kind): " of the chain
  // (a URL left in it is shown as the one above: a key may ride in its query)
  const reason = said.replace(/^[^]*\): /, "").replace(/https?:\/\/[^\s()]+/g, shownUrl)
    .replace(/[^\x20-\x7e]/g, "").trim().slice(0, 200) || "no reason given";
  if (/invalid .*parsed|message head is too large|unexpected (message|end)|parse/i.test(reason)) {
    return {
      text:
        `the server's answer${to} is not valid HTTP (${reason}); it is misconfigured or not a web server: check the URL and port (another service may listen there)`,
      reason,
      malformed: true,
      retry: false,
    };
  }
  if (/refused/i.test(reason)) {
    return {
      text:
        `the connection${to} was refused (${reason}); check the host and port, and that the server is running`,
      reason,
      malformed: false,
      retry: true,
    };
  }
  if (/dns|lookup|resolve|name or service/i.test(reason)) {
    return {
      text: `the host name${
        to ? ` of ${url}` : ""
      } could not be resolved (${reason}); check the name, or whether this machine is offline`,
      reason,
      malformed: false,
      retry: false,
    };
  }
  if (/certificate|tls|ssl/i.test(reason)) {
    return {
      text:
        `the TLS connection${to} failed (${reason}); the certificate does not check out for that name`,
      reason,
      malformed: false,
      retry: false,
    };
  }
  return {
    text: `the request${to} failed (${reason}); check the URL and the network, and try again`,
    reason,
    malformed: false,
    retry: true,
  };
}

/** A URL as an error may show it: without user name, password or query. */
function shownUrl(text: string): string {
  try {
    const u = new URL(text);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? "?…" : ""}`;
  } catch {
    return "the server";
  }
}

function firstLine(text: string): string {
  const line = text.split("\n")[0].trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** What a RangeError from the engine means for the user (it is never their argument's name). */
function rangeMessage(message: string): string {
  if (/call stack/i.test(message)) {
    return "the input is nested too deeply to process (for example HTML with thousands of nested tags); simplify it or read another copy";
  }
  if (/invalid (string|array|typed array) length|allocation failed|out of memory/i.test(message)) {
    return "the input is too large to process in memory; read a smaller part (fewer pages, a shorter range)";
  }
  // the engine's own words ("Offset is outside the bounds of the DataView") are not passed on
  return "a value was out of the range this calculation supports (a count, a size or a number of decimals too large or negative); check the arguments";
}

let incidents = 0;

/** What an unexpected exception's text starts with once describeError has read it. */
const INTERNAL = "internal error: ";

/**
 * On every surface (CLI, library, notebooks, HTTP, MCP), an unexpected exception's own text
 * (which can name files, variables and internals of the program: "ReferenceError: cikOf is not
 * defined") stays out of the envelope: its error, or a warning that quotes it ("older filings
 * page 2 could not be read…: internal error: …"), gives the command, the kind of failure and a
 * reference to quote; the log (standard error) gets the same reference with the text. Callers
 * redact keys from the envelope first (core/redact.ts `finishCall`), so the log has none.
 */
export function hideInternals(
  envelope: { error: string | null; warnings?: string[] },
  name: string,
): void {
  if (envelope.error) envelope.error = hiddenText(envelope.error, name);
  if (envelope.warnings?.some((w) => w.includes(INTERNAL))) {
    envelope.warnings = envelope.warnings.map((w) => hiddenText(w, name));
  }
}

/**
 * describeError's text as an envelope may carry it, for a surface's own failures outside a
 * command call (the CLI reading its flags, the MCP describe tool): an unexpected exception's
 * words go to the log under a reference. (Inside a call, core/redact.ts `finishCall` does this
 * after redacting keys.)
 */
export function errorText(err: unknown, where: string): string {
  const envelope = { error: describeError(err) };
  hideInternals(envelope, where);
  return envelope.error;
}

/**
 * A failure in words for a caller when the code that threw may say what its input lacked with a
 * plain Error ("no bars to chart for AAPL", "empty answer: ..."): that sentence is its own and is
 * shown (its first line, control characters escaped). Any other exception (a TypeError, a
 * ReferenceError: a fault of the program) is a reference to the log, as errorText gives it; an
 * expected failure (FinanceError) keeps its words.
 */
export function plainErrorText(err: unknown, where: string): string {
  if (err instanceof Error && Object.getPrototypeOf(err) === Error.prototype) {
    const line = err.message.split("\n")[0].trim().slice(0, 300);
    if (line) return logSafe(line);
  }
  return errorText(err, where);
}

/** `text` with an unexpected exception's words after "internal error: " logged and replaced. */
function hiddenText(text: string, name: string): string {
  const at = text.indexOf(INTERNAL);
  if (at < 0) return text;
  const ref = `${Date.now().toString(36)}-${(++incidents).toString(36)}`;
  // the text may quote a caller's input: its control characters (a CR forging a log line, ANSI
  // escapes repainting the operator's terminal) are written as escapes
  console.error(
    `finance: internal error [${ref}] in ${name}: ${logSafe(text.slice(at + INTERNAL.length))}`,
  );
  return `${text.slice(0, at)}${internalReference(name, ref)}`;
}

/** The words an envelope gives for an unexpected failure, with its log reference. */
function internalReference(name: string, ref: string): string {
  return `internal error in ${name} (reference ${ref}): an unexpected failure, not a problem with the arguments; the log (the finance process's standard error) has the details under this reference, and the call with its arguments is worth reporting`;
}

/** Text with control characters (C0, DEL, C1, line and paragraph separators) as `\uXXXX`. */
export function logSafe(text: string): string {
  return text.replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
