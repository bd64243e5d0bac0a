/**
 * What user-supplied paths and URLs a call may reach. The CLI and library read any file the
 * user can read (a person at their terminal, or their script); the HTTP and MCP adapters read
 * only under FINANCE_DOCUMENT_ROOTS (none by default) and never fetch private, loopback or
 * metadata addresses. A library caller embedding finance in a server opts into the adapters'
 * rule (Session option `confineLocalFiles`).
 */
import { resolve } from "./paths.ts";
import { FinanceError } from "./errors.ts";
import { lazyImport } from "./lazy.ts";

// Deno's own file APIs: node:fs and node:net would add their start-up cost to every command.
const realpathSync = (p: string) => Deno.realPathSync(p);

import type { Config } from "./config.ts";
import { formatAddress, parseAddress, refusalReason, refusedName } from "./address.ts";
import type { PinnedAddress } from "./transport.ts";

export type Surface = "cli" | "http" | "mcp" | "library";

export interface AccessPolicy {
  /** Real paths of folders local documents may come from (and files be written to). */
  roots: string[];
  /** Any file the user can read may be read, roots or not (CLI and library). */
  readAnywhere?: boolean;
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

/**
 * Builds the policy for a surface from the configuration. `confine` puts the CLI or library
 * under the adapters' folder rule (FINANCE_DOCUMENT_ROOTS, else no local files).
 */
export function accessPolicy(surface: Surface, config: Config, confine = false): AccessPolicy {
  const configured = config.env("FINANCE_DOCUMENT_ROOTS");
  const network = surface === "http" || surface === "mcp" || confine;
  let roots: string[];
  if (configured) roots = configured.split(":").filter(Boolean);
  else if (network) roots = [];
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
    readAnywhere: !network,
    allowPrivateUrls: allow === "1" || allow === "true" || (!allow && !network),
  };
}

/** Resolves a host name to every address it has (the system resolver: hosts file, then DNS). */
export type Resolver = (host: string) => Promise<string[]>;

/** getaddrinfo through node:dns, which honours /etc/hosts as the connection itself would. */
export const systemResolver: Resolver = async (host) => {
  const dns = await lazyImport<typeof import("node:dns/promises")>("node:dns/promises");
  return (await dns.lookup(host, { all: true, verbatim: true })).map((r) => r.address);
};

/** True for any address a network surface must not reach (see core/address.ts for the list). */
export function isPrivateAddress(address: string): boolean {
  const bytes = parseAddress(address);
  return bytes ? refusalReason(bytes) !== null : false;
}

/**
 * A URL guard for the HTTP client, run at every hop. With private URLs refused it decides on
 * the bytes of every address the host has, refuses a host that does not resolve, and returns
 * the checked address so the connection goes there and nowhere else.
 */
export function urlGuardFor(policy: AccessPolicy, resolver: Resolver = systemResolver) {
  return async (url: URL): Promise<PinnedAddress | void> => {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new AccessDenied(`URL refused: only http(s) URLs are fetched, not ${url.protocol}`);
    }
    if (policy.allowPrivateUrls) return;
    const open = "set FINANCE_ALLOW_PRIVATE_URLS=1 to allow private and local addresses";
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const literal = parseAddress(host);
    if (!literal) {
      const name = refusedName(host);
      if (name) throw new AccessDenied(`URL refused: ${url.host} is ${name}; ${open}`);
    }
    let addresses: { text: string; bytes: Uint8Array }[];
    if (literal) addresses = [{ text: host, bytes: literal }];
    else {
      let answers: string[];
      try {
        answers = await resolver(host);
      } catch {
        answers = [];
      }
      if (!answers.length) {
        throw new AccessDenied(
          `URL refused: ${url.host} could not be resolved (DNS failure), so its address cannot be checked; check the host name`,
        );
      }
      addresses = answers.map((text) => ({ text, bytes: parseAddress(text) ?? new Uint8Array() }));
    }
    for (const { text, bytes } of addresses) {
      const reason = refusalReason(bytes);
      if (reason) {
        const what = literal ? `${url.host} is` : `${url.host} resolves to ${text},`;
        throw new AccessDenied(`URL refused: ${what} ${reason}; ${open}`);
      }
    }
    // IPv4 first: a host without an IPv6 route would otherwise fail on a AAAA-first answer
    const first = addresses.find((a) => a.bytes.length === 4) ?? addresses[0];
    return { address: formatAddress(first.bytes), family: first.bytes.length === 4 ? 4 : 6 };
  };
}
