/**
 * How bytes travel: a connection pinned to the address the URL guard checked (so a rebinding
 * DNS server gets no second say), and body reading with a running byte count that stops at a
 * cap, counting decompressed bytes.
 */
import { lazyImport } from "./lazy.ts";

/** The address a guarded hop must connect to: the one that was checked. */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** What one hop sends. */
export interface HopInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** Extra root certificates (PEM) for https on a pinned connection. */
  caCerts?: string[];
}

type LookupCallback = (
  err: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/**
 * Sends one request over node:http(s) with a `lookup` that answers only the pinned address.
 * TLS still verifies the certificate against the URL's host name (SNI is that name), so
 * https works and the Host header is the original one. Redirects are not followed.
 */
export async function pinnedFetch(url: URL, init: HopInit, pin: PinnedAddress): Promise<Response> {
  const secure = url.protocol === "https:";
  const mod = secure
    ? await lazyImport<typeof import("node:https")>("node:https")
    : await lazyImport<typeof import("node:http")>("node:http");
  const lookup = (_host: string, opts: unknown, cb?: LookupCallback) => {
    const done = (typeof opts === "function" ? opts : cb) as LookupCallback;
    const all = typeof opts === "object" && opts !== null && (opts as { all?: boolean }).all;
    if (all) done(null, [{ address: pin.address, family: pin.family }]);
    else done(null, pin.address, pin.family);
  };
  return await new Promise<Response>((resolve, reject) => {
    const request = mod.request(url, {
      method: init.method,
      headers: init.body === undefined ? init.headers : {
        ...init.headers,
        "content-length": String(new TextEncoder().encode(init.body).length),
      },
      lookup: lookup as never,
      agent: false,
      ...(secure && init.caCerts?.length ? { ca: init.caCerts } : {}),
      signal: init.signal,
    }, (incoming) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const status = incoming.statusCode ?? 502;
      let settled = false;
      const raw = new ReadableStream<Uint8Array>({
        start(controller) {
          incoming.on("data", (chunk: Uint8Array) => {
            if (settled) return;
            controller.enqueue(new Uint8Array(chunk));
            if ((controller.desiredSize ?? 1) <= 0) incoming.pause();
          });
          const finish = (err?: Error) => {
            if (settled) return;
            settled = true;
            if (err) controller.error(err);
            else controller.close();
          };
          incoming.on("end", () => finish());
          incoming.on("error", (e: Error) => finish(e));
          incoming.on("close", () => {
            if (!incoming.complete) finish(new Error("the connection closed mid-body"));
          });
        },
        pull() {
          incoming.resume();
        },
        cancel() {
          settled = true;
          incoming.destroy();
        },
      }, { highWaterMark: 4 });
      const encoding = (headers.get("content-encoding") ?? "").trim().toLowerCase();
      let body: ReadableStream<Uint8Array> = raw;
      if (encoding !== "" && encoding !== "identity" && !DECODED.has(encoding)) {
        // asked for gzip or deflate only: another coding (br, zstd, gzip twice) would be handed
        // on as the document's bytes; brotli is not decoded here, since one 8 KiB piece of it can
        // expand to gigabytes at once
        body = unreadable(raw, encoding);
      } else if (DECODED.has(encoding)) {
        body = decodeBody(raw, encoding);
        headers.delete("content-encoding");
        headers.delete("content-length");
      }
      const nullBody = status === 204 || status === 304 || init.method === "HEAD" ||
        (status >= 100 && status < 200);
      if (nullBody) incoming.destroy();
      resolve(
        new Response(nullBody ? null : body, {
          status: status < 200 || status > 599 ? 502 : status,
          headers,
        }),
      );
    });
    request.on("error", reject);
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}

/**
 * A gzip (x-gzip) or deflate body decoded, fed 8 KiB at a time, so one chunk expands to a few
 * MiB at most before the reader counts it.
 */
export function decodeBody(
  raw: ReadableStream<Uint8Array>,
  encoding: string,
): ReadableStream<Uint8Array> {
  const format = encoding === "deflate" ? "deflate" : "gzip";
  return raw.pipeThrough(slices(8 * 1024)).pipeThrough(
    new DecompressionStream(format) as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
}

/** The content codings a pinned hop decodes (the ones it asks for). */
const DECODED = new Set(["gzip", "x-gzip", "deflate"]);

/** A body in a content coding this client cannot read. */
export class UnreadableEncoding extends Error {
  constructor(readonly encoding: string) {
    super(`content encoding ${encoding} cannot be read`);
    this.name = "UnreadableEncoding";
  }
}

/**
 * A body that fails at its first read with {@link UnreadableEncoding}, closing the connection;
 * cancelled unread (a redirect's body), it closes the connection without failing.
 */
function unreadable(raw: ReadableStream<Uint8Array>, encoding: string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      raw.cancel().catch(() => {});
      controller.error(new UnreadableEncoding(encoding));
    },
    cancel() {
      return raw.cancel().catch(() => {});
    },
  }, { highWaterMark: 0 });
}

/**
 * The content coding of a fetch response whose body is still encoded, lower case, or null.
 * Deno's fetch (2.9) decodes one layer of gzip or br, keeping the header; deflate and x-gzip,
 * any other coding, and codings stacked arrive as they were sent. (A pinned hop decodes gzip,
 * x-gzip and deflate, removing the header, and fails its body on any other coding.)
 */
export function undecodedEncoding(header: string | null): string | null {
  const coding = (header ?? "").trim().toLowerCase();
  if (coding === "" || coding === "identity" || coding === "gzip" || coding === "br") return null;
  return coding.slice(0, 100);
}

/** Cuts chunks into pieces of at most `size` bytes. */
function slices(size: number): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      for (let at = 0; at < chunk.byteLength; at += size) {
        controller.enqueue(chunk.subarray(at, at + size));
      }
    },
  });
}

/** A body that went past its cap. */
export class BodyTooLarge extends Error {
  constructor(readonly cap: number) {
    super(`body over ${cap} bytes`);
    this.name = "BodyTooLarge";
  }
}

/** Default process-wide budget of body bytes being read at once (FINANCE_MAX_BUFFERED_BYTES). */
export const DEFAULT_MAX_BUFFERED_BYTES = 512 * 1024 * 1024;

/** A read refused because the process already holds its budget of bytes being read. */
export class BufferBudgetExceeded extends Error {
  constructor(readonly budget: number) {
    super(`over the ${budget}-byte budget of bytes being read at once`);
    this.name = "BufferBudgetExceeded";
  }
}

/**
 * Bytes held by every body being read in this process. Each read adds its chunks as they
 * arrive and gives them all back when it ends, so the count is what the process buffers for
 * answers not yet handed on; a chunk that would take it past the budget fails its own read.
 */
let buffering = 0;

/** Bytes all reads in progress hold now (tests). */
export function bufferedBytes(): number {
  return buffering;
}

/** What a read may take from the process-wide budget. */
export interface ReadBudget {
  /** Bytes all reads together may hold (default DEFAULT_MAX_BUFFERED_BYTES). */
  limit?: number;
  /**
   * Bytes the answer declares (its Content-Length), taken before the first byte is read: a read
   * that cannot have them all is refused before it starts, and one that got them is not failed
   * half-read by the budget for want of them.
   */
  expected?: number;
  /**
   * Time a reservation is kept whatever the pace, in ms (default RESERVATION_GRACE_MS); after
   * it, only while the body keeps `pace`.
   */
  graceMs?: number;
  /** Bytes a second a reserved read must keep after the grace (default RESERVATION_PACE). */
  pace?: number;
}

/** How long a declared length stays reserved whatever the pace (ms). */
export const RESERVATION_GRACE_MS = 10_000;
/**
 * The pace a read must keep to keep the rest of its reservation, in bytes a second: past the
 * grace, it must have read this much for every second beyond it. A server that declares 64 MiB
 * and trickles a byte a second would otherwise hold 64 MiB of the budget for as long as it
 * likes, and a few such servers would hold all of it, failing every other download as "busy".
 */
export const RESERVATION_PACE = 256 * 1024;

/**
 * Reads a body chunk by chunk, stopping (and cancelling the stream) as soon as the running
 * count passes `cap`. Bytes counted are the ones the stream yields, i.e. after decompression.
 * They count against the process-wide budget too, and are given back when the read ends.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  budget: ReadBudget = {},
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const limit = budget.limit ?? DEFAULT_MAX_BUFFERED_BYTES;
  // held: bytes this read has taken from the budget (its reservation, then its chunks past it)
  let held = 0;
  const take = (n: number): boolean => {
    if (buffering + n > limit) return false;
    buffering += n;
    held += n;
    return true;
  };
  const expected = Math.min(budget.expected ?? 0, cap);
  if (expected > 0 && !take(expected)) {
    await body.cancel().catch(() => {});
    throw new BufferBudgetExceeded(limit);
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  // A reservation is kept while the body arrives at the pace; a read that falls behind gives
  // back the part not yet read and from then on holds what it has read, as a read of undeclared
  // length does (it may then be failed as "busy" like one). One timer per reserved read, set for
  // the moment the bytes read so far stop being enough.
  let pacer: ReturnType<typeof setTimeout> | undefined;
  if (expected > 0) {
    const grace = budget.graceMs ?? RESERVATION_GRACE_MS;
    const pace = budget.pace ?? RESERVATION_PACE;
    const started = performance.now();
    const check = () => {
      pacer = undefined;
      if (held <= total) return;
      const behindAt = grace + (total * 1000) / pace;
      const elapsed = performance.now() - started;
      if (elapsed < behindAt) {
        pacer = setTimeout(check, behindAt - elapsed + 1);
        Deno.unrefTimer(pacer);
        return;
      }
      buffering -= held - total;
      held = total;
    };
    pacer = setTimeout(check, grace + 1);
    Deno.unrefTimer(pacer);
  }
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        chunks.length = 0;
        buffering -= held;
        held = 0;
        await reader.cancel().catch(() => {});
        throw new BodyTooLarge(cap);
      }
      if (total > held && !take(total - held)) {
        chunks.length = 0;
        // given back before the cancel is awaited: the reads still going get the room at once
        // (held through the await, every read at the budget's edge failed in turn, none whole)
        buffering -= held;
        held = 0;
        await reader.cancel().catch(() => {});
        throw new BufferBudgetExceeded(limit);
      }
      chunks.push(value);
    }
  } finally {
    if (pacer !== undefined) clearTimeout(pacer);
    buffering -= held;
    reader.releaseLock();
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
