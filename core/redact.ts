import type { Surface } from "./access.ts";
import { hideInternals } from "./errors.ts";

/** Query parameters that carry credentials or session tokens: never recorded, logged or keyed. */
export const SECRET_PARAMS = new Set([
  "apikey",
  "api_key",
  "token",
  "crumb",
  "key",
  "secret",
  "password",
  "access_token",
  "api_token",
  "apitoken",
  "auth_token",
  "refresh_token",
  "client_secret",
  "access_key",
  "secret_key",
  // pre-signed and shared-access URLs (S3, Google Cloud Storage, Azure, CloudFront)
  "signature",
  "sig",
  "x-amz-signature",
  "x-amz-credential",
  "x-amz-security-token",
  "x-goog-signature",
  "x-goog-credential",
  "awsaccesskeyid",
]);

/** Header names whose values are credentials (exact, or by the words they contain). */
export function isSecretHeader(name: string): boolean {
  const n = name.toLowerCase();
  return n === "authorization" || n === "proxy-authorization" || n === "cookie" ||
    /(^|-)(api-?key|apikey|token|secret|auth|password|key-id)($|-)/.test(n);
}

/** Header values with credentials replaced: secret headers, secret values, URLs' keys. */
export function redactHeaders(
  headers: Record<string, string>,
  secrets: string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (isSecretHeader(name)) out[name] = "***";
    else if (name.toLowerCase() === "location" || name.toLowerCase() === "content-location") {
      out[name] = redactUrl(value, secrets);
    } else out[name] = redactValues(value, secrets);
  }
  return out;
}

/** A body with secret values replaced, or the same bytes when it holds none. */
export function scrubBody(body: Uint8Array, secrets: string[]): Uint8Array {
  const live = secrets.filter((s) => s && s.length >= 4);
  if (!live.length) return body;
  const text = new TextDecoder().decode(body);
  if (!holdsSecret(text, live)) return body;
  return new TextEncoder().encode(redactValues(text, live));
}

const PARAM_IN_TEXT = new RegExp(
  `([?&;](?:${[...SECRET_PARAMS].join("|")})=)[^&#\\s"'<>]+`,
  "gi",
);

/**
 * Free text (error messages, warnings, log lines) with credentials replaced: the values of
 * secret query parameters inside any URL, bearer and basic credentials, and known values.
 */
export function redactText(text: string, secrets: string[] = []): string {
  let out = text.replace(PARAM_IN_TEXT, "$1***");
  out = out.replace(
    /\b(Bearer|Basic|Token)\s+([A-Za-z0-9._~+\/=-]{8,})/g,
    (all, scheme: string, value: string) =>
      scheme === "Bearer" || credentialLike(value) ? `${scheme} ***` : all,
  );
  out = out.replace(/(\/\/[^\/\s:@]+:)[^@\s\/]+@/g, "$1***@");
  return redactValues(out, secrets);
}

/**
 * True for text shaped like a credential after `Basic` or `Token`: a digit or a sign of base64 or
 * a token (+ / = _ ~ .), or a capital letter inside it. A word is not: "Basic Materials" (a
 * market sector) and "Token Holdings" are names, and were shown as "Basic ***". (After `Bearer`
 * anything is taken for a token.) A credential that is one word is still removed where it is a
 * known value (the session's keys, the adapter's token).
 */
function credentialLike(value: string): boolean {
  return /[0-9+\/=_~.]/.test(value) || /[A-Z]/.test(value.slice(1)) ||
    !/^[A-Za-z][a-z-]*$/.test(value);
}

/** The URL with credential parameters removed (for cache keys and cassettes). */
export function stripSecrets(url: string): string {
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAMS.has(name.toLowerCase())) u.searchParams.delete(name);
    }
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return url;
  }
}

/** Values of the credential parameters in a URL (to scrub them wherever they are echoed). */
export function secretsIn(url: string): string[] {
  try {
    const u = new URL(url);
    const found = [...u.searchParams.entries()]
      .filter(([k, v]) => SECRET_PARAMS.has(k.toLowerCase()) && v.length >= 4)
      .map(([, v]) => v);
    if (u.password.length >= 4) found.push(decodeURIComponent(u.password));
    return found;
  } catch {
    return [];
  }
}

/**
 * The credentials a URL carries that `stripSecrets` takes out, as `name=value` lines in a
 * stable order (user name and password included), leaving out the values in `known` (the
 * configured keys every caller shares) and Yahoo's session `crumb`; empty when there are none.
 * Two requests that differ only here are different requests: a cache key or an in-flight
 * request shared without them would hand one caller's private answer to another caller.
 */
export function credentialsIn(url: string, known: readonly string[] = []): string {
  // most URLs carry none: no parse for them
  if (!url.includes("@") && !PARAM_NAME.test(url)) return "";
  try {
    const u = new URL(url);
    const found: string[] = [];
    for (const [k, v] of u.searchParams) {
      const name = k.toLowerCase();
      if (SECRET_PARAMS.has(name) && name !== "crumb" && !known.includes(v)) {
        found.push(`${name}=${v}`);
      }
    }
    if (u.username || u.password) found.push(`@=${u.username}:${u.password}`);
    return found.sort().join("\n");
  } catch {
    return "";
  }
}

const PARAM_NAME = new RegExp(`[?&;](?:${[...SECRET_PARAMS].join("|")})=`, "i");

/** The URL with credential parameter values replaced by `***` (for messages). */
export function redactUrl(url: string, secrets: string[] = []): string {
  let out = url;
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAMS.has(name.toLowerCase())) u.searchParams.set(name, "***");
    }
    if (u.password) u.password = "***";
    out = u.toString().replace(/%2A%2A%2A/g, "***");
  } catch {
    // not a URL: fall through to value redaction
  }
  return redactValues(out, secrets);
}

const patterns = new Map<string, RegExp>();

/** Secrets at least this long are also looked for in base64 (shorter ones would match words). */
const BASE64_MIN = 8;

/**
 * The base64 spellings of a value (standard and URL-safe alphabets), as a service or a header
 * echoes a credential: alone, or inside a longer encoded text (`Basic` of `id:secret`, a token).
 * Inside a longer text the value's bytes may start at any of three offsets of a 3-byte group, so
 * each offset gives a form: the characters made of the value's bits alone (the first and last
 * one or two mix in the neighbouring bytes). None for a short value.
 */
function base64Forms(secret: string): string[] {
  if (secret.length < BASE64_MIN) return [];
  const bytes = new TextEncoder().encode(secret);
  const forms: string[] = [];
  for (let k = 0; k < 3; k++) {
    let binary = "\0".repeat(k);
    for (const b of bytes) binary += String.fromCharCode(b);
    const encoded = btoa(binary + "\0\0");
    // character j holds bits [6j, 6j + 6); the value's bits are [8k, 8(k + n))
    const first = Math.ceil((8 * k) / 6);
    const end = Math.floor((8 * (k + bytes.length)) / 6);
    const inner = encoded.slice(first, end);
    forms.push(inner, inner.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return forms;
}

/**
 * A secret value as a pattern: as given, percent-encoded (as it travels in a URL, either way of
 * encoding a query), in base64 and in any letter case, since a service may echo any of these.
 */
function secretPattern(secret: string): RegExp {
  let re = patterns.get(secret);
  if (!re) {
    const forms = new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ v: secret }).toString().slice(2),
      ...base64Forms(secret),
    ]);
    const alternatives = [...forms].sort((a, b) => b.length - a.length)
      .map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    re = new RegExp(alternatives.join("|"), "gi");
    if (patterns.size >= 256) patterns.clear();
    patterns.set(secret, re);
  }
  re.lastIndex = 0;
  return re;
}

/** True when `text` holds one of the secret values (in any of the forms redactValues finds). */
export function holdsSecret(text: string, secrets: string[]): boolean {
  // every form is at least as long as the value: shorter text (most data fields) cannot hold it
  return secrets.some((s) =>
    s && s.length >= 4 && text.length >= s.length && secretPattern(s).test(text)
  );
}

/**
 * Replaces every occurrence of a secret value in `text` with `***`: as given, percent-encoded
 * or in another letter case.
 */
export function redactValues(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4 && out.length >= s.length) out = out.replace(secretPattern(s), "***");
  }
  return out;
}

/**
 * An envelope with credentials removed wherever text leaves the process: the error and the
 * warnings (secret query values, bearer tokens, known values), and in `data` every string
 * that holds a known value or is a URL with a secret parameter. Works on the envelope's own
 * copy of the data (the runner's JSON-safe copy), in place. `data: false` leaves the data alone
 * (data that stays in the process: a command reading another's answer).
 */
export function redactEnvelope<
  E extends { error: string | null; warnings: string[]; data: unknown },
>(
  envelope: E,
  secrets: string[],
  data = true,
): E {
  const live = secrets.filter((s) => s && s.length >= 4);
  if (envelope.error) envelope.error = redactText(envelope.error, live);
  envelope.warnings = envelope.warnings.map((w) => redactText(w, live));
  if (data) envelope.data = redactData(envelope.data, live);
  return envelope;
}

function redactData(value: unknown, secrets: string[]): unknown {
  if (typeof value === "string") return redactString(value, secrets);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const clean = redactData(value[i], secrets);
      if (clean !== value[i]) value[i] = clean;
    }
  } else if (value && typeof value === "object") {
    // only strings can carry a key: other values come back as they are, and a member is written
    // back only when its text changed
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const clean = redactData(record[key], secrets);
      if (clean !== record[key]) record[key] = clean;
    }
  }
  return value;
}

function redactString(value: string, secrets: string[]): string {
  if (/^https?:\/\//i.test(value) || holdsSecret(value, secrets)) {
    return redactText(value, secrets);
  }
  return value;
}

/** Argument values longer than this are shortened wherever a message repeats them. */
const ECHO_LIMIT = 200;

/**
 * A message that repeats a long argument value (a 6 KB "ticker", a pasted document as a path)
 * shows its start and its length instead, as given, cased either way, or URL-encoded.
 */
export function shortenEchoes(
  envelope: { error: string | null; warnings: string[] },
  rawArgs: unknown,
): void {
  if (!rawArgs || typeof rawArgs !== "object") return;
  const long: string[] = [];
  for (const v of Object.values(rawArgs as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === "string" && item.length > ECHO_LIMIT) long.push(item);
    }
  }
  if (!long.length) return;
  const forms = long.flatMap((v) => {
    const t = v.trim();
    const short = `${t.slice(0, 60)}… (${v.length} characters)`;
    return [...new Set([v, t, t.toLowerCase(), t.toUpperCase(), encodeURIComponent(t)])]
      .map((form) => [form, short] as const);
  }).sort((a, b) => b[0].length - a[0].length);
  const shorten = (text: string) => {
    for (const [form, short] of forms) {
      if (text.includes(form)) text = text.replaceAll(form, short);
    }
    return text;
  };
  if (envelope.error) envelope.error = shorten(envelope.error);
  envelope.warnings = envelope.warnings.map(shorten);
}

/** Longest error or warning an envelope carries. */
const MESSAGE_LIMIT = 10_000;

/**
 * Errors and warnings are read by people and by agents with a context budget: one that would
 * echo a large input nested in an argument (a grid, a JSON object) is cut, saying how long it was.
 */
export function capMessages(envelope: { error: string | null; warnings: string[] }): void {
  const cap = (text: string) =>
    text.length > MESSAGE_LIMIT
      ? `${text.slice(0, MESSAGE_LIMIT - 200)}… (message cut: ${text.length} characters in all)`
      : text;
  if (envelope.error) envelope.error = cap(envelope.error);
  if (envelope.warnings.some((w) => w.length > MESSAGE_LIMIT)) {
    envelope.warnings = envelope.warnings.map(cap);
  }
}

/**
 * What every envelope goes through before it leaves a call (the runner's and the CLI's lean
 * path alike): keys redacted (in `data` too unless it stays in the process), long argument
 * echoes shortened, messages capped.
 */
export function finishEnvelope<
  E extends { error: string | null; warnings: string[]; data: unknown },
>(envelope: E, secrets: string[], rawArgs: unknown, data = true): E {
  redactEnvelope(envelope, secrets, data);
  shortenEchoes(envelope, rawArgs);
  capMessages(envelope);
  return envelope;
}

/**
 * {@link finishEnvelope} for a call ending on its surface: an unexpected exception's text is
 * also taken out of the answer, on every surface, into the log under a reference (errors.ts
 * `hideInternals`). The runner and the CLI's lean path end every call with it.
 */
export function finishCall<
  E extends { error: string | null; warnings: string[]; data: unknown },
>(
  envelope: E,
  secrets: string[],
  rawArgs: unknown,
  call: { name: string; surface?: Surface; inProcess?: boolean },
): E {
  finishEnvelope(envelope, secrets, rawArgs, !call.inProcess);
  // on every surface: an in-process caller (library, notebook) and the CLI alike
  hideInternals(envelope, call.name);
  return envelope;
}
