/** Inventory rows shared by sources.list, sources.status and sources.test. */
import { z } from "zod";
import type { EnvVar, ProviderInfo } from "../../core/provider.ts";
import { readEnvVar } from "../../core/provider.ts";

export const envPresence = z.object({ name: z.string(), present: z.boolean() });

/** Whether each declared variable (or one of its alternatives) is set. */
export function presence(
  vars: EnvVar[],
  env: (name: string) => string | undefined,
): { name: string; present: boolean }[] {
  return vars.map((v) => ({ name: v.name, present: !!readEnvVar(env, v) }));
}

/** Runs each package check once per process. */
const packageChecks = new Map<string, Promise<boolean>>();

/** True when the provider's package imports (or it needs none). */
export function packageInstalled(p: ProviderInfo): Promise<boolean> {
  if (!p.package || !p.checkPackage) return Promise.resolve(true);
  let check = packageChecks.get(p.key);
  if (!check) {
    check = p.checkPackage().then((ok) => ok, () => false);
    packageChecks.set(p.key, check);
  }
  return check;
}

/** Variable names with their alternatives, as sources.list shows them. */
export function envNames(vars: EnvVar[]): string[] {
  return vars.map((v) =>
    v.alternatives?.length ? `${v.name} (or ${v.alternatives.join(", ")})` : v.name
  );
}
