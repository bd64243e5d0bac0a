/**
 * Cross-origin access for browser clients of the HTTP adapter, off unless origins are listed
 * (`FINANCE_CORS_ORIGINS`, comma-separated, e.g. `http://localhost:5173,https://app.example`;
 * `*` allows any origin). Only listed origins get the CORS headers; preflight requests are
 * answered before the token check, since browsers never send credentials on them.
 */

/** The origins in `FINANCE_CORS_ORIGINS`; empty (CORS off) when unset or blank. */
export function corsOrigins(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim().replace(/\/+$/, "")).filter(Boolean);
}

const ALLOW_METHODS = "GET, POST, OPTIONS";
// the MCP Streamable HTTP transport's own headers besides the adapter's (a browser client of
// /mcp sends mcp-protocol-version on every request after initialize)
const ALLOW_HEADERS =
  "authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id";

/** An origin as listed and compared: lower case, no final slash. */
const originKey = (o: string) => o.trim().toLowerCase().replace(/\/+$/, "");

/**
 * Wraps a handler so listed origins may call it from a browser; what the handler takes besides
 * the request (the client's address) is handed on with it.
 */
export function withCors<I>(
  origins: string[],
  handler: (req: Request, info?: I) => Promise<Response>,
): (req: Request, info?: I) => Promise<Response> {
  if (!origins.length) return handler;
  const listed = new Set(origins.map(originKey));
  const any = listed.has("*");
  const allowed = (origin: string | null) => !!origin && (any || listed.has(originKey(origin)));
  return async (req, info) => {
    const origin = req.headers.get("origin");
    if (req.method === "OPTIONS" && req.headers.has("access-control-request-method")) {
      if (!allowed(origin)) return new Response(null, { status: 403, headers: { vary: "origin" } });
      return new Response(null, {
        status: 204,
        headers: {
          "access-control-allow-origin": origin!,
          "access-control-allow-methods": ALLOW_METHODS,
          "access-control-allow-headers": ALLOW_HEADERS,
          "access-control-max-age": "600",
          vary: "origin",
        },
      });
    }
    const res = await handler(req, info);
    if (!allowed(origin)) return res;
    const headers = new Headers(res.headers);
    headers.set("access-control-allow-origin", origin!);
    headers.append("vary", "origin");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}
