/**
 * A move from one level to another stated by a verb of change: "increased from $4.5 billion to
 * $5.0 billion", "grew 11% over prior year revenue of $4.5 billion to $5.0 billion". The figure
 * after "to" is the current level; the one before it is the earlier (the base). Pure.
 */
import type { FoundValue } from "./kpi_values.ts";

/** A move's verb, its base (the earlier figure) and its level (the current one). */
export interface Move {
  verbAt: number;
  base: FoundValue;
  level: FoundValue;
}

/** Verbs of change that take "from/of X to Y" as the move's two ends. */
const CHANGE_VERB =
  /\b(?:gr[eo]w|grows|growing|grown|increas(?:e|ed|es|ing)|r[io]se|rises|rising|risen|climb(?:ed|s|ing)?|expand(?:ed|s|ing)?|improv(?:e|ed|es|ing)|declin(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|fell|fall(?:s|ing)?|dropp?(?:ed|s|ing)?|contract(?:ed|s|ing)|jump(?:ed|s|ing)?|rais(?:e|ed|es|ing)|lower(?:ed|s|ing)|reduc(?:e|ed|es|ing)|cut)\b/gi;

/** The words between a base and its level ("$4.5 billion to $5.0 billion"). */
const TO_BETWEEN = /^\s*to\s+(?:approximately\s+|about\s+|roughly\s+|nearly\s+)?$/i;
/** The word opening a move's base ("from $4.5 billion", "of $4.5 billion"). */
const BASE_OPENER = /\b(?:from|of)\s+(?:approximately\s+|about\s+|roughly\s+|nearly\s+)?$/i;
/** Words making "of/from X to Y" a range of one figure, not a move ("a range of", "between"). */
const RANGE_WORDS =
  /\b(?:rang(?:e|es|ed|ing)|between|band|outlook|guidance|forecast|target)\s+(?:(?:of|is|was|at)\s+)?$/i;

/**
 * The moves of a sentence: two figures of one kind and unit joined by "to", the first opened by
 * "from" or "of", with a verb of change earlier in the same clause (after the last ";"), the
 * last such verb being the move's and no figure of the base's unit between it and the base. "guidance of $2.1 billion to $2.3 billion" has no such verb
 * and "will range from 1% to 3%" names a range: they are ranges of one figure, not moves.
 */
export function movesIn(sentence: string, found: FoundValue[]): Move[] {
  const out: Move[] = [];
  for (let i = 0; i + 1 < found.length; i++) {
    const base = found[i];
    const level = found[i + 1];
    if (base.kind !== level.kind || base.unit !== level.unit) continue;
    if (!TO_BETWEEN.test(sentence.slice(base.offset + base.raw.length, level.offset))) continue;
    const lead = sentence.slice(0, base.offset);
    const opener = BASE_OPENER.exec(lead);
    if (!opener) continue;
    const start = lead.lastIndexOf(";") + 1;
    const clause = lead.slice(start, opener.index);
    if (RANGE_WORDS.test(clause)) continue;
    const verbs = [...clause.matchAll(CHANGE_VERB)];
    const verb = verbs.at(-1);
    if (!verb) continue;
    const verbAt = start + verb.index;
    // "Net income grew 20% to $1.2 billion and revenue of $4.5 billion to ...": a figure of the
    // base's unit after the verb is the verb's own; the later pair is not its move ("improved
    // 150 basis points over ... 40.0% to 41.5%": a change in points is not a level)
    if (found.slice(0, i).some((v) => v.unit === base.unit && v.offset > verbAt)) continue;
    out.push({ verbAt, base, level });
  }
  return out;
}

/** Whether a figure is the base of a move (the earlier of its two ends). */
export const isMoveBase = (moves: Move[], v: FoundValue) => moves.some((m) => m.base === v);

/**
 * Whether a mention of a metric names the base of a move ("grew 11% over prior year revenue of
 * $4.5 billion to $5.0 billion": the second "revenue"), lying between the move's verb and its
 * base: it is the earlier figure's name, not a mention of its own.
 */
export const namesMoveBase = (moves: Move[], at: number) =>
  moves.some((m) => at > m.verbAt && at < m.base.offset);
