/**
 * A small cookie jar for Yahoo's handshake (providers/market_a/handshake.ts): Set-Cookie lines
 * read as RFC 6265 describes (Domain, Path, Max-Age before Expires, Secure), and the Cookie
 * header for a URL. No public-suffix list: it only ever holds cookies from Yahoo's own hosts,
 * and a Domain without a dot is refused.
 */

interface Cookie {
  name: string;
  value: string;
  /** Lower-case host or domain, without a leading dot. */
  domain: string;
  /** True when the cookie had no Domain: it goes back to that host only. */
  hostOnly: boolean;
  path: string;
  /** Epoch ms after which the cookie is gone; Infinity for a session cookie. */
  expires: number;
  secure: boolean;
  /** Order of arrival, for the header's order among cookies of equal path length. */
  created: number;
}

/** The Set-Cookie lines of a response's headers (a recorded array, or lines joined by "\n"). */
export function setCookieLines(headers: Record<string, unknown>): string[] {
  const v = headers["set-cookie"];
  if (Array.isArray(v)) return v.map(String).filter((s) => s.length > 0);
  return typeof v === "string" && v ? v.split("\n").filter((s) => s.length > 0) : [];
}

/** True when `host` is `domain` or one of its subdomains. */
function domainMatch(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$/.test(host));
}

/** RFC 6265's default path: the request path up to, not including, its last "/". */
function defaultPath(path: string): string {
  if (!path.startsWith("/")) return "/";
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}

function pathMatch(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}

export class CookieJar {
  #cookies: Cookie[] = [];
  #count = 0;
  readonly #now: () => number;

  /** `now` in epoch ms: cookies expire in real time, whatever clock a replay runs on. */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Stores what each Set-Cookie line says, as received from `url`; returns how many were read. */
  take(lines: string[], url: URL): number {
    let read = 0;
    for (const line of lines) if (this.#store(line, url)) read++;
    return read;
  }

  #store(line: string, url: URL): boolean {
    const [pair, ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) return false;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!name) return false;
    const host = url.hostname.toLowerCase();
    let domain = "";
    let path = "";
    let maxAge: number | null = null;
    let expires: number | null = null;
    let secure = false;
    for (const attr of attrs) {
      const at = attr.indexOf("=");
      const key = (at < 0 ? attr : attr.slice(0, at)).trim().toLowerCase();
      const val = at < 0 ? "" : attr.slice(at + 1).trim();
      if (key === "domain") domain = val.replace(/^\./, "").toLowerCase();
      else if (key === "path") path = val.startsWith("/") ? val : "";
      else if (key === "max-age" && /^-?\d+$/.test(val)) maxAge = Number(val);
      else if (key === "expires") {
        const t = Date.parse(val);
        if (Number.isFinite(t)) expires = t;
      } else if (key === "secure") secure = true;
    }
    if (domain && (!domain.includes(".") || !domainMatch(host, domain))) return false;
    const now = this.#now();
    const cookie: Cookie = {
      name,
      value,
      domain: domain || host,
      hostOnly: !domain,
      path: path || defaultPath(url.pathname),
      expires: maxAge !== null ? now + maxAge * 1000 : expires ?? Infinity,
      secure,
      created: this.#count++,
    };
    const same = this.#cookies.findIndex((c) =>
      c.name === cookie.name && c.domain === cookie.domain && c.path === cookie.path
    );
    if (same >= 0) {
      // a replaced cookie keeps its place in the order (RFC 6265 §5.3 step 11.3)
      cookie.created = this.#cookies[same].created;
      this.#cookies.splice(same, 1);
    }
    if (cookie.expires > now) this.#cookies.push(cookie);
    return true;
  }

  /** The cookies that go to `url`, live ones only. */
  #matching(url: URL): Cookie[] {
    const host = url.hostname.toLowerCase();
    const now = this.#now();
    return this.#cookies.filter((c) =>
      c.expires > now &&
      (c.hostOnly ? host === c.domain : domainMatch(host, c.domain)) &&
      pathMatch(url.pathname || "/", c.path) &&
      (!c.secure || url.protocol === "https:")
    );
  }

  /** True when at least one live cookie goes to `url`. */
  has(url: URL): boolean {
    return this.#matching(url).length > 0;
  }

  /** The Cookie header for `url` (longer paths first, then oldest first), or "" when none. */
  header(url: URL): string {
    return this.#matching(url)
      .sort((a, b) => b.path.length - a.path.length || a.created - b.created)
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }
}
