/** Target weights for a run: a built-in strategy, or a custom module run sandboxed. */
import {
  customInput,
  type CustomOutput,
  runCustomModule,
  toTargets,
  unansweredNote,
} from "./custom.ts";
import type { Panel, Params, StrategyDef, Targets } from "./types.ts";

export type StrategyChoice =
  | { kind: "builtin"; def: StrategyDef; params: Params }
  | { kind: "custom"; file: string; params: Record<string, unknown>; timeoutMs: number };

export interface TargetResult {
  targets: Targets;
  notes: string[];
  isolation?: string;
}

/** Computes targets; for a custom module also checks that it does not read future bars. */
export async function strategyTargets(panel: Panel, choice: StrategyChoice): Promise<TargetResult> {
  if (choice.kind === "builtin") {
    const note = choice.def.note?.(choice.params, panel.symbols.length);
    return {
      targets: choice.def.targets(panel, choice.params, new Map()),
      notes: note ? [note] : [],
    };
  }
  const n = panel.dates.length;
  // Probe on the first two thirds of the bars, but only when that still covers evaluation bars.
  const probeLength = Math.floor((n * 2) / 3);
  const probe = probeLength > panel.start + 1 ? probeLength : null;
  const out = await runCustomModule(
    choice.file,
    customInput(panel, choice.params),
    probe,
    choice.timeoutMs,
  );
  const targets = toTargets(panel, out.full);
  const notes: string[] = [];
  const unanswered = unansweredNote(panel, out.full);
  if (unanswered) notes.push(unanswered);
  if (probe && out.probe) {
    const at = firstRawDifference(out.full, out.probe, panel.symbols, panel.start, probe);
    if (at >= 0) {
      notes.push(
        `custom strategy looks ahead: with bars only up to ${
          panel.dates[probe - 1]
        } its output for ${
          panel.dates[at]
        } differs from the full run, so it used later data; results are not trustworthy`,
      );
    }
  }
  return { targets, notes, isolation: out.isolation };
}

/**
 * First bar in [from, length) where the module's raw answers differ between the full run and
 * the run on the first `length` bars, or −1. Raw values (not derived weights) are compared so a
 * peek shows even when it would not change a position.
 */
function firstRawDifference(
  full: CustomOutput,
  probe: CustomOutput,
  symbols: string[],
  from: number,
  length: number,
): number {
  const groups = full.kind === "weights" ? ["weights"] as const : ["entries", "exits"] as const;
  let first = -1;
  for (const g of groups) {
    for (const sym of symbols) {
      const a = (full[g] as Record<string, unknown[]> | undefined)?.[sym] ?? [];
      const b = (probe[g] as Record<string, unknown[]> | undefined)?.[sym] ?? [];
      for (let t = from; t < length && (first < 0 || t < first); t++) {
        const x = a[t] ?? null;
        const y = b[t] ?? null;
        const same = x === y || (typeof x === "number" && typeof y === "number" &&
          Math.abs(x - y) < 1e-12) ||
          (!x && !y && g !== "weights");
        if (!same) first = t;
      }
    }
  }
  return first;
}
