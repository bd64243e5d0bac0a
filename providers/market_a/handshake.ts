/**
 * Yahoo's cookie, consent and crumb handshake, written from what Yahoo does (and from the
 * recorded exchange in the shared Yahoo cassette), for direct calls that need a crumb:
 *
 * 1. A quote page on finance.yahoo.com sets a first cookie. Where consent is asked (the EU, the
 *    UK), it redirects to guce.yahoo.com, which redirects to a consent form on consent.yahoo.com.
 * 2. The form is submitted as a browser does when "accept all" is pressed: its hidden fields and
 *    the button's name and value. Yahoo answers with cookies and redirects through
 *    guce.yahoo.com/copyConsent back to the quote page, where the steps repeat if needed.
 * 3. With the cookies, /v1/test/getcrumb answers the crumb as plain text.
 *
 * Every request goes through the session's HttpClient (User-Agent, politeness, the cache,
 * record/replay, redaction). Anything not recognised on the way is a HandshakeError; callers
 * then use yahoo-finance2's handshake instead.
 */
import type { HttpClient, HttpResponse } from "../../core/http.ts";
import { VERSION } from "../../core/version.ts";
import { CookieJar, setCookieLines } from "./cookies.ts";

const P = "market_a";
/** The page whose visit starts the handshake (the one yahoo-finance2 visits too). */
export const HANDSHAKE_PAGE = "https://finance.yahoo.com/quote/AAPL";
export const CRUMB_URL = "https://query1.finance.yahoo.com/v1/test/getcrumb";
const HTML = "text/html,application/xhtml+xml,application/xml";
/**
 * The User-Agent of every direct Yahoo request. Yahoo refuses plain program names, and answers a
 * browser-compatible form that still names the program (the form yahoo-finance2 sends, with its
 * own name): the direct path names this toolkit that way rather than the project's default
 * User-Agent, which Yahoo would answer with errors and so send every quote to the fallback.
 */
export const YAHOO_USER_AGENT = `Mozilla/5.0 (compatible; finance/${VERSION})`;
/** Consent rounds before giving up (Yahoo needs one). */
const MAX_ROUNDS = 5;

/** The handshake met something it does not know; the caller falls back. */
export class HandshakeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HandshakeError";
  }
}

/** A crumb and the cookies that go with it. */
export interface YahooSession {
  crumb: string;
  jar: CookieJar;
}

/** Where the handshake's requests go, and how long each may take. */
export interface HandshakeEnv {
  http: HttpClient;
  signal?: AbortSignal;
}

/** One request of the handshake: redirects are handed back, nothing is cached or retried. */
async function send(
  env: HandshakeEnv,
  jar: CookieJar,
  url: URL,
  headers: Record<string, string>,
  post?: string,
): Promise<HttpResponse> {
  const cookie = jar.header(url);
  const res = await env.http.request({
    provider: P,
    url: url.href,
    method: post === undefined ? "GET" : "POST",
    headers: { ...headers, "user-agent": YAHOO_USER_AGENT, ...(cookie ? { cookie } : {}) },
    body: post,
    cache: "none",
    redirect: "manual",
    acceptStatus: [301, 302, 303, 307, 308],
    retries: 0,
    signal: env.signal,
    timeoutMs: 30_000,
  });
  jar.take(setCookieLines(res.headers), url);
  return res;
}

function location(res: HttpResponse, base: URL): URL | null {
  const to = res.headers["location"];
  if (!to) return null;
  const next = URL.parse(to, base);
  if (!next || next.protocol !== "https:") throw new HandshakeError(`unexpected redirect to ${to}`);
  return next;
}

/** Runs the handshake; throws HandshakeError when Yahoo answers anything unexpected. */
export async function yahooHandshake(
  env: HandshakeEnv,
  jar = new CookieJar(),
): Promise<YahooSession> {
  let page = new URL(HANDSHAKE_PAGE);
  for (let round = 0;; round++) {
    if (round > MAX_ROUNDS) throw new HandshakeError("too many consent rounds");
    const res = await send(env, jar, page, { accept: HTML });
    const next = location(res, page);
    // a page, or a redirect within the site (a trailing slash): the cookies are set
    if (!next || !/(^|\.)guce\.yahoo\.com$/.test(next.hostname)) break;
    page = await consent(env, jar, next, page);
  }
  if (!jar.has(page)) throw new HandshakeError("Yahoo set no cookie");
  const crumbRes = await send(env, jar, new URL(CRUMB_URL), {
    accept: "*/*",
    "accept-language": "en-US,en;q=0.9",
    "content-type": "text/plain",
    origin: "https://finance.yahoo.com",
    referer: page.href,
  });
  const crumb = crumbRes.status === 200 ? crumbRes.text() : "";
  // a crumb is a short token; an HTML page or an error text is not one
  if (!/^[^\s<>"'&]{1,64}$/.test(crumb)) throw new HandshakeError("no crumb");
  return { crumb, jar };
}

/** The consent detour that starts at `guce`; returns the page to visit again. */
async function consent(env: HandshakeEnv, jar: CookieJar, guce: URL, page: URL): Promise<URL> {
  const res = await send(env, jar, guce, { accept: HTML });
  let back = location(res, guce);
  if (!back) throw new HandshakeError("the consent step did not redirect");
  if (back.hostname === "consent.yahoo.com" && back.pathname.endsWith("/collectConsent")) {
    const form = await send(env, jar, back, { accept: HTML });
    if (form.status !== 200) throw new HandshakeError("no consent form");
    const fields = acceptAllFields(form.text());
    const submitted = await send(env, jar, back, {
      accept: HTML,
      "content-type": "application/x-www-form-urlencoded",
    }, new URLSearchParams(fields).toString());
    const copy = location(submitted, back);
    if (!copy || !setCookieLines(submitted.headers).length) {
      throw new HandshakeError("the consent form was not accepted");
    }
    const copied = await send(env, jar, copy, { accept: HTML });
    back = location(copied, copy);
    if (!back || !setCookieLines(copied.headers).length) {
      throw new HandshakeError("the consent was not copied");
    }
  }
  if (back.origin !== page.origin) throw new HandshakeError(`consent returned to ${back.origin}`);
  return back;
}

/** Attributes of one tag's text (`name="x" value='y' disabled`), names lower-cased. */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([^\s=\/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  for (const m of tag.replace(/^<\w+/, "").matchAll(re)) {
    out.set(m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return out;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return named[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X"
      ? parseInt(ref.slice(2), 16)
      : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * What a browser sends when "accept all" is pressed on Yahoo's consent form: the form's named
 * hidden fields in page order, then the accept button's name and value.
 */
export function acceptAllFields(html: string): [string, string][] {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html)?.[1];
  if (!form) throw new HandshakeError("no consent form");
  const fields: [string, string][] = [];
  for (const m of form.matchAll(/<input\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (a.get("type")?.toLowerCase() === "hidden" && a.get("name")) {
      fields.push([a.get("name")!, a.get("value") ?? ""]);
    }
  }
  let accept: [string, string] | null = null;
  for (const m of form.matchAll(/<button\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (a.get("name") === "agree" && a.get("value")) accept = ["agree", a.get("value")!];
  }
  if (!accept || !fields.some(([name]) => name === "sessionId")) {
    throw new HandshakeError("the consent form has no session or no accept button");
  }
  return [...fields, accept];
}
