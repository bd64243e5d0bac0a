/**
 * What user-supplied paths and URLs a call may reach. The CLI and library may read under the
 * working directory (or FINANCE_DOCUMENT_ROOTS); the HTTP and MCP adapters read no local file
 * unless roots are configured, and never fetch private, loopback or metadata addresses.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { FinanceError } from "./errors.ts";
import { lazyImport } from "./lazy.ts";

// Deno's own file APIs: node:fs and node:net would add their start-up cost to every command.
const realpathSync = (p: string) => Deno.realPathSync(p);

/** 4 for an IPv4 literal, 6 for IPv6, 0 otherwise. */
function isIP(text: string): 0 | 4 | 6 {
  if (/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(text)) return 4;
  if (text.includes(":") && /^[0-9a-f:.]+$/i.test(text)) {
    try {
      new URL(`http://[${text}]/`);
      return 6;
    } catch {
      return 0;
    }
  }
  return 0;
}
import type { Config } from "./config.ts";

export type Surface = "cli" | "http" | "mcp" | "library";

export interface AccessPolicy {
  /** Real paths of folders local documents may come from; empty = no local files. */
  roots: string[];
  /** When false, URLs resolving to private, loopback, link-local or metadata addresses fail. */
  allowPrivateUrls: boolean;
}

/** Refusal of a path or URL the policy does not allow. */
export class AccessDenied extends FinanceError {
  constructor(message: string) {
    super(message);
    this.name = "AccessDenied";
  }
}

/** Builds the policy for a surface from the configuration. */
export function accessPolicy(surface: Surface, config: Config): AccessPolicy {
  const configured = config.env("FINANCE_DOCUMENT_ROOTS");
  let roots: string[];
  if (configured) roots = configured.split(":").filter(Boolean);
  else if (surface === "http" || surface === "mcp") roots = [];
  else roots = [Deno.cwd()];
  const allow = config.env("FINANCE_ALLOW_PRIVATE_URLS");
  return {
    roots: roots.map((r) => {
      try {
        return realpathSync(resolve(r));
      } catch {
        return resolve(r);
      }
    }),
    allowPrivateUrls: allow === "1" || allow === "true" ||
      (!allow && (surface === "cli" || surface === "library")),
  };
}

/**
 * Resolves a local document path under the allowed roots and returns its real path.
 * Refuses `..` escapes, symlinks out of a root, /proc, /sys, /dev and anything not a file.
 */
export function checkLocalPath(policy: AccessPolicy, path: string, maxBytes?: number): string {
  if (policy.roots.length === 0) {
    throw new AccessDenied(
      `local file "${path}" refused: this surface reads no local files; set FINANCE_DOCUMENT_ROOTS to the folders it may read`,
    );
  }
  const local = path.startsWith("file://") ? decodeURIComponent(new URL(path).pathname) : path;
  const absolute = isAbsolute(local) ? local : resolve(local);
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    throw new FinanceError(`file not found: ${path}`);
  }
  if (/^\/(proc|sys|dev)(\/|$)/.test(real)) {
    throw new AccessDenied(`local file "${path}" refused: system paths are never read`);
  }
  const inside = policy.roots.some((root) => {
    const rel = relative(root, real);
    return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel) && !rel.startsWith(`..${sep}`));
  });
  if (!inside) {
    throw new AccessDenied(
      `local file "${path}" refused: it is outside the allowed folders (${
        policy.roots.join(", ")
      }); set FINANCE_DOCUMENT_ROOTS to allow another folder`,
    );
  }
  const info = Deno.statSync(real);
  if (info.isDirectory) throw new FinanceError(`"${path}" is a directory, not a document`);
  if (!info.isFile) throw new AccessDenied(`"${path}" is not a regular file`);
  if (maxBytes !== undefined && info.size > maxBytes) {
    throw new FinanceError(
      `"${path}" is ${info.size} bytes, over the ${maxBytes}-byte limit; raise FINANCE_MAX_DOCUMENT_BYTES to read it`,
    );
  }
  return real;
}

/** True for loopback, private, link-local, CGNAT, unspecified and metadata addresses. */
export function isPrivateAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(a) === 4) {
    const [p, q] = a.split(".").map(Number);
    return p === 0 || p === 10 || p === 127 || (p === 169 && q === 254) ||
      (p === 172 && q >= 16 && q <= 31) || (p === 192 && q === 168) ||
      (p === 100 && q >= 64 && q <= 127) || p >= 224;
  }
  if (isIP(a) === 6) {
    if (a === "::1" || a === "::") return true;
    if (a.startsWith("fe80") || a.startsWith("fc") || a.startsWith("fd")) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
    return mapped ? isPrivateAddress(mapped[1]) : false;
  }
  return false;
}

/** A URL guard for the HTTP client: refuses private destinations, re-checked at each redirect. */
export function urlGuardFor(policy: AccessPolicy) {
  return async (url: URL): Promise<void> => {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new AccessDenied(`URL refused: only http(s) URLs are fetched, not ${url.protocol}`);
    }
    if (policy.allowPrivateUrls) return;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (
      host === "localhost" || host.endsWith(".localhost") || host === "metadata.google.internal"
    ) {
      throw new AccessDenied(`URL refused: ${url.host} is a local or metadata address`);
    }
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      try {
        const dns = await lazyImport<typeof import("node:dns/promises")>("node:dns/promises");
        addresses = (await dns.lookup(host, { all: true })).map((r) => r.address);
      } catch {
        return; // the fetch itself will report the DNS failure
      }
    }
    const bad = addresses.find(isPrivateAddress);
    if (bad) {
      throw new AccessDenied(
        `URL refused: ${url.host} resolves to ${bad}, a private, loopback, link-local or metadata address; set FINANCE_ALLOW_PRIVATE_URLS=1 to allow it`,
      );
    }
  };
}
