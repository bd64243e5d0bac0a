/**
 * The HTTP adapter: a plain `(Request) => Promise<Response>` handler, so it mounts in
 * Deno.serve, in another app, or in a test without a socket.
 */
import { failure } from "../core/envelope.ts";
import { hasCommand } from "../core/registry.ts";
import { execute } from "../core/runner.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { closest } from "../core/suggest.ts";
import { commandNames } from "../core/registry.ts";
import { openApiDocument } from "./openapi.ts";
import { DOCS_HEADERS, docsPage } from "./api_docs.ts";
import { corsOrigins, withCors } from "./cors.ts";
import type { CliIO } from "./cli.ts";
import { VERSION } from "../core/version.ts";

export interface HandlerOptions {
  session?: Session;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string;
  /** Largest accepted request body in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** Per-request time limit in ms (default 120 s). */
  timeoutMs?: number;
  /** Surface name passed to commands (mcp reuses this handler as "mcp"). */
  surface?: "http" | "mcp";
  /** Check result schemas (tests). */
  validateData?: boolean;
  /** Browser origins allowed to call the adapter (CORS); none by default. */
  corsOrigins?: string[];
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i % (x.length || 1)] ?? 0) ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0;
}

async function readBody(req: Request, limit: number): Promise<string | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    all.set(c, off);
    off += c.length;
  }
  return new TextDecoder().decode(all);
}

/** Creates the adapter's request handler. */
export function createHandler(opts: HandlerOptions = {}): (req: Request) => Promise<Response> {
  const maxBody = opts.maxBodyBytes ?? 1_000_000;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  return withCors(opts.corsOrigins ?? [], async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    // the page holds no data (it fetches /openapi.json with the reader's token), so it is
    // served before the token check: a browser cannot send a bearer token when it navigates
    if (url.pathname === "/docs" && req.method === "GET") {
      return new Response(docsPage(), { headers: DOCS_HEADERS });
    }
    if (opts.token) {
      const auth = req.headers.get("authorization") ?? "";
      const given = auth.startsWith("Bearer ") ? auth.slice(7) : "";
      if (!constantTimeEqual(given, opts.token)) {
        return reply(
          failure("unauthorized: send Authorization: Bearer <FINANCE_ADAPTER_TOKEN>"),
          401,
        );
      }
    }
    if (url.pathname === "/health" && req.method === "GET") {
      const cache = await (opts.session ?? getDefaultSession()).cacheStatus();
      return reply({ ok: true, version: VERSION, commands: commandNames().length, cache });
    }
    if (url.pathname === "/openapi.json" && req.method === "GET") {
      return reply(await openApiDocument({ server: url.origin }));
    }
    const m = /^\/commands\/([^/]+)$/.exec(url.pathname);
    if (!m) {
      return reply(
        failure(
          `no such endpoint ${req.method} ${url.pathname}; use POST /commands/<command>, GET /openapi.json, GET /docs or GET /health`,
        ),
        404,
      );
    }
    const name = decodeURIComponent(m[1]);
    if (req.method !== "POST") {
      return reply(failure(`use POST for /commands/${name}`), 405);
    }
    if (!hasCommand(name)) {
      const guess = closest(name, commandNames());
      return reply(
        failure(`unknown command \`${name}\`${guess ? `; did you mean \`${guess}\`?` : ""}`),
        404,
      );
    }
    const type = req.headers.get("content-type") ?? "";
    const declaredJson = type === "" || /^application\/([a-z.+-]*\+)?json\b/i.test(type.trim());
    const text = await readBody(req, maxBody);
    if (text === null) {
      return reply(failure(`request body over the ${maxBody}-byte limit`), 413);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // curl -d sends application/x-www-form-urlencoded: a JSON body is still accepted under
      // another content type, but a body that is not JSON gets the content-type explanation.
      if (!declaredJson) {
        return reply(
          failure(
            `send the arguments as a JSON object with content-type application/json (got ${type})`,
          ),
          415,
        );
      }
      return reply(
        failure(
          'request body is not valid JSON; send a JSON object such as {} or {"symbol":"AAPL"}',
        ),
        400,
      );
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return reply(
        failure("request body must be a JSON object of named arguments (use {} for none)"),
        400,
      );
    }
    const outcome = await execute(name, body, {
      session: opts.session,
      surface: opts.surface ?? "http",
      timeoutMs,
      signal: req.signal,
      validateData: opts.validateData,
    });
    // refused arguments are the client's to fix (422); a command that ran answers 200
    return reply(outcome.envelope, outcome.status === "usage" ? 422 : 200);
  });
}

/** `finance serve [--port N] [--host H]`. */
export async function serveFromCli(argv: string[], io: CliIO): Promise<number> {
  const session = getDefaultSession();
  const env = session.config.env;
  let port = Number(env("FINANCE_PORT") ?? 8765);
  let hostname = "127.0.0.1";
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port") port = Number(argv[++i]);
    else if (argv[i].startsWith("--port=")) port = Number(argv[i].slice(7));
    else if (argv[i] === "--host") hostname = argv[++i];
    else if (argv[i].startsWith("--host=")) hostname = argv[i].slice(7);
    else {
      io.err(`unknown option ${argv[i]}; finance serve [--port N] [--host ADDRESS]`);
      return 2;
    }
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`invalid port ${port}`);
    return 2;
  }
  const token = env("FINANCE_ADAPTER_TOKEN");
  const loopback = hostname === "127.0.0.1" || hostname === "localhost" || hostname === "::1";
  if (!loopback && !token) {
    io.err(
      `refusing to bind ${hostname} without FINANCE_ADAPTER_TOKEN: set it, and clients send Authorization: Bearer <token>`,
    );
    return 2;
  }
  const handler = createHandler({
    session,
    token,
    maxBodyBytes: Number(env("FINANCE_MAX_BODY_BYTES") ?? 1_000_000),
    timeoutMs: Number(env("FINANCE_REQUEST_TIMEOUT_MS") ?? 120_000),
    corsOrigins: corsOrigins(env("FINANCE_CORS_ORIGINS")),
  });
  const server = Deno.serve({
    port,
    hostname,
    onListen: ({ hostname, port }) =>
      io.err(`finance adapter listening on http://${hostname}:${port}`),
  }, handler);
  await server.finished;
  return 0;
}
