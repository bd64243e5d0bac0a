/** Helpers for calculator tests: run with schema validation, compare floats. */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";
import type { Envelope } from "../../core/envelope.ts";

// deno-lint-ignore no-explicit-any
export type Data = Record<string, any>;

/** Runs a command (data schema checked) and returns its envelope and how it ended. */
export async function calc(name: string, args: Record<string, unknown>) {
  const outcome = await run(name, args);
  return { env: outcome.envelope as Envelope<Data>, status: outcome.status };
}

/** Runs a command that must succeed; returns data and warnings. */
export async function ok(name: string, args: Record<string, unknown>) {
  const { env } = await calc(name, args);
  assert.equal(env.ok, true, `${name} failed: ${env.error}`);
  assert.equal(env.error, null);
  return { data: env.data as Data, warnings: env.warnings };
}

/** Runs a command that must fail; returns the error and the outcome status. */
export async function fails(name: string, args: Record<string, unknown>) {
  const { env, status } = await calc(name, args);
  assert.equal(env.ok, false, `${name} unexpectedly succeeded`);
  assert.equal(env.data, null);
  return { error: env.error as string, status, warnings: env.warnings };
}

/** Asserts |actual − expected| ≤ tol (relative for large values). */
export function near(actual: unknown, expected: number, tol = 1e-9) {
  assert.equal(typeof actual, "number", `expected a number near ${expected}, got ${actual}`);
  const scale = Math.max(1, Math.abs(expected));
  assert.ok(
    Math.abs((actual as number) - expected) <= tol * scale,
    `expected ${expected}, got ${actual}`,
  );
}
