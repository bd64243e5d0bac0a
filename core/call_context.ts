/**
 * The context of one command call, shared by the runner and the CLI's lean path (adapters/lean.ts);
 * it loads no zod. How the command calls another is passed in, as each path does it its own way.
 */
import type { CallOptions, Context, Requested } from "./context.ts";
import type { Envelope } from "./envelope.ts";
import type { Session } from "./session.ts";
import { type AccessPolicy, accessPolicy, type Surface } from "./access.ts";
import {
  type ProviderEnv,
  providerFactory,
  type ProviderKey,
  type ProviderTypes,
} from "./provider.ts";
import { UNDATED_REPLAY } from "./cassette.ts";

/** Runs another command for the one in progress; returns its envelope (never throws). */
export type CallAnother = (
  command: string,
  args: Record<string, unknown>,
  opts: CallOptions,
) => Promise<Envelope<unknown>>;

const policies = new WeakMap<Session, Map<Surface, AccessPolicy>>();

function policyFor(session: Session, surface: Surface): AccessPolicy {
  let bySurface = policies.get(session);
  if (!bySurface) policies.set(session, bySurface = new Map());
  let policy = bySurface.get(surface);
  if (!policy) {
    policy = accessPolicy(surface, session.config, session.confineLocalFiles);
    bySurface.set(surface, policy);
  }
  return policy;
}

/** A context whose warnings go to `warnings` (each once) and whose work stops with `signal`. */
export function makeContext(
  session: Session,
  surface: Surface,
  warnings: string[],
  signal: AbortSignal,
  callAnother: CallAnother,
): Context {
  const warn = (m: string) => {
    if (!warnings.includes(m)) warnings.push(m);
  };
  // this call's own list: the server runs calls side by side, each with its own client
  const requested: Requested[] = [];
  const http = session.http(warn, {
    // the time of the answer: a cached or recorded one's own, else now (the session's clock);
    // a recording that carries no date was retrieved at a time nobody knows: null, and said
    onRequest: ({ answeredAt, undated, ...r }) => {
      if (undated) warn(UNDATED_REPLAY);
      requested.push({
        ...r,
        retrieved_at: undated
          ? null
          : new Date(answeredAt ?? session.clock.now().getTime()).toISOString(),
      });
    },
  });
  const providerEnv: ProviderEnv = {
    http,
    clock: session.clock,
    env: session.config.env,
    warn,
    signal,
    sessionState: session.providerState,
  };
  const cache = new Map<ProviderKey, Promise<unknown>>();
  return {
    clock: session.clock,
    http,
    surface,
    signal,
    access: policyFor(session, surface),
    warn,
    providerEnv,
    cacheStatus: () => session.cacheStatus(),
    requested: () => requested.map((r) => ({ ...r })),
    provider<K extends ProviderKey>(key: K): Promise<ProviderTypes[K]> {
      let p = cache.get(key);
      if (!p) {
        p = providerFactory()(key, providerEnv);
        cache.set(key, p);
      }
      return p as Promise<ProviderTypes[K]>;
    },
    call<T>(command: string, args: Record<string, unknown>, opts: CallOptions = {}) {
      return callAnother(command, args, opts) as Promise<Envelope<T>>;
    },
  };
}
