/**
 * The lines of `finance mcp` over stdio, checked before the SDK reads them, by the rules the
 * HTTP doors apply to a body: at most FINANCE_MAX_BODY_BYTES a message (the SDK's reader keeps a
 * line without end in memory for ever), strict UTF-8 (the SDK decodes leniently, so a Latin-1
 * "Nestlé" ran as "Nestl\ufffd"), no key named twice in one object, no lone surrogate; and a
 * line that is no JSON-RPC message (not JSON, a batch) is answered, where the SDK dropped it.
 */
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type {
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/sdk/shared/transport.js";
import { duplicateKey, duplicateKeyMessage } from "./json_keys.ts";
import { loneSurrogate, loneSurrogateMessage } from "./well_formed.ts";

/** JSON-RPC's codes: a message that is no JSON text, and one that is no valid request. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** A JSON-RPC error answering `line`, to its id when the line names one once (else null). */
function refusal(line: string | null, code: number, message: string): JSONRPCMessage {
  let id: string | number | null = null;
  if (line !== null) {
    try {
      const v = (JSON.parse(line) as { id?: unknown } | null)?.id;
      if (typeof v === "string" || typeof v === "number") id = v;
    } catch {
      // not JSON: no id to answer to
    }
  }
  return { jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage;
}

/**
 * The JSON-RPC error answering one line that names a key twice in one object, or null. An id
 * named twice is answered to no id (either would be a guess).
 */
export function duplicateKeyRefusal(line: string): JSONRPCMessage | null {
  const found = duplicateKey(line);
  if (!found) return null;
  const idTwice = found.key === "id" && found.path.filter(Boolean).length === 0;
  return refusal(idTwice ? null : line, INVALID_REQUEST, duplicateKeyMessage(found));
}

/** The error answering one line, or null when it may go to the SDK. */
export function lineRefusal(bytes: Uint8Array): JSONRPCMessage | null {
  let line: string;
  try {
    line = UTF8.decode(bytes);
  } catch {
    return refusal(
      null,
      PARSE_ERROR,
      "the message is not UTF-8 text: its bytes were not decoded (a guessed character would change the arguments); send each JSON-RPC message encoded as UTF-8",
    );
  }
  // the SDK drops a line it cannot read without a word (JSON-RPC says to answer it), so a
  // client waits for ever for the answer to a call it mistyped, or sent in a batch
  const problem = notAMessage(line);
  // answered to the line's id when it names one (not for a batch: whose would it be?)
  if (problem) {
    const to = problem.code === INVALID_REQUEST && !/^\s*\[/.test(line) ? line : null;
    return refusal(to, problem.code, problem.message);
  }
  const twice = duplicateKeyRefusal(line);
  if (twice) return twice;
  const lone = loneSurrogate(line);
  return lone ? refusal(line, INVALID_REQUEST, loneSurrogateMessage(lone)) : null;
}

/** What makes a line no JSON-RPC message the SDK would read, or null. */
function notAMessage(line: string): { code: number; message: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return {
      code: PARSE_ERROR,
      message:
        "the line is not JSON: each line over stdio must be one JSON-RPC message, with no line break inside it",
    };
  }
  if (Array.isArray(value)) {
    return {
      code: INVALID_REQUEST,
      message:
        "a JSON-RPC batch is not read over stdio (MCP sends one message a line): send each message on a line of its own",
    };
  }
  if (
    value === null || typeof value !== "object" ||
    (value as { jsonrpc?: unknown }).jsonrpc !== "2.0"
  ) {
    return {
      code: INVALID_REQUEST,
      message: 'the line is not a JSON-RPC 2.0 message: send an object with "jsonrpc":"2.0"',
    };
  }
  return null;
}

/**
 * Splits stdin into lines and hands each to `pass` or answers it through `refuse`. A line past
 * `maxBytes` is answered at once and its rest dropped as it arrives, up to its end of line.
 */
export class StdioLines {
  #pending: Uint8Array[] = [];
  #size = 0;
  #dropping = false;

  constructor(
    readonly maxBytes: number,
    private pass: (line: Uint8Array) => void,
    private refuse: (message: JSONRPCMessage) => void,
  ) {}

  /** Takes one chunk of stdin. */
  push(chunk: Uint8Array): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, nl + 1);
      start = nl + 1;
      if (this.#dropping) {
        this.#dropping = false;
        continue;
      }
      if (this.#size + part.length - 1 > this.maxBytes) {
        this.#tooLong();
        this.#dropping = false;
        continue;
      }
      this.#line(this.#pending.length ? concat([...this.#pending, part]) : part);
      this.#pending = [];
      this.#size = 0;
    }
    if (start >= chunk.length || this.#dropping) return;
    const rest = chunk.subarray(start);
    if (this.#size + rest.length > this.maxBytes) {
      this.#tooLong();
      return;
    }
    // a copy (a Buffer's slice is a view): the stream may reuse the chunk's memory
    this.#pending.push(new Uint8Array(rest));
    this.#size += rest.length;
  }

  /** Stdin ended: a last line without a newline is read as one. */
  end(): void {
    if (this.#dropping || !this.#pending.length) return;
    this.#line(concat(this.#pending));
    this.#pending = [];
    this.#size = 0;
  }

  #line(bytes: Uint8Array): void {
    // a blank line is no message (a client's keep-alive): neither run nor answered
    if (bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a)) return;
    const refused = lineRefusal(bytes);
    if (refused) this.refuse(refused);
    else this.pass(bytes);
  }

  #tooLong(): void {
    this.#pending = [];
    this.#size = 0;
    this.#dropping = true;
    this.refuse(refusal(
      null,
      INVALID_REQUEST,
      `a message over the ${this.maxBytes}-byte limit was dropped unread; send smaller messages, or raise FINANCE_MAX_BODY_BYTES`,
    ));
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

type Id = string | number;
const idOf = (m: unknown): Id | null => {
  const id = (m as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
};

/**
 * Counts the requests a connected transport has taken and not yet answered; the returned
 * function resolves once every one is. A client that writes its calls and closes stdin (`echo
 * ... | finance mcp`, or one ending the session as MCP says) lost the answers of calls still
 * running, since the server was closed as soon as stdin ended. A request past `maxInFlight`
 * unanswered ones is answered "busy" at once and never runs: as a request over the HTTP
 * server's slots (FINANCE_MAX_CONNECTIONS) is, a client writing 10,000 calls without waiting
 * would otherwise run them all at once.
 */
export function answersOwed(transport: Transport, maxInFlight: number): () => Promise<void> {
  // by id, how many requests with it wait: a client reusing one id must not pass the cap
  const owed = new Map<Id, number>();
  let total = 0;
  let wake: (() => void) | null = null;
  const settle = (id: Id) => {
    const n = owed.get(id);
    if (n === undefined) return;
    if (n > 1) owed.set(id, n - 1);
    else owed.delete(id);
    if (--total === 0) wake?.();
  };
  // answers of requests that never ran (busy) go out uncounted, as they were never owed
  const send = transport.send.bind(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    const m = message as { method?: unknown; params?: { requestId?: unknown } };
    const id = idOf(message);
    if (id !== null && typeof m.method === "string") {
      if (total >= maxInFlight) {
        send(busy(id, total)).catch(() => {});
        return;
      }
      owed.set(id, (owed.get(id) ?? 0) + 1);
      total++;
    } else if (m.method === "notifications/cancelled") {
      // the SDK stops a cancelled call and sends no answer for it (as MCP says)
      const cancelled = idOf({ id: m.params?.requestId });
      if (cancelled !== null) settle(cancelled);
    }
    deliver?.(message, extra);
  };
  transport.send = async (message: JSONRPCMessage, options?: TransportSendOptions) => {
    try {
      return await send(message, options);
    } finally {
      const id = idOf(message);
      if ((message as { method?: unknown }).method === undefined && id !== null) settle(id);
    }
  };
  return () => total === 0 ? Promise.resolve() : new Promise((resolve) => (wake = resolve));
}

/** JSON-RPC's code for a limit of this server (the implementation-defined range). */
const SERVER_LIMIT = -32000;

function busy(id: Id, running: number): JSONRPCMessage {
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: SERVER_LIMIT,
      message:
        `server busy: ${running} requests are in progress, the most this server runs at once (FINANCE_MAX_CONNECTIONS); wait for an answer before sending more, or raise the setting`,
    },
  } as unknown as JSONRPCMessage;
}
