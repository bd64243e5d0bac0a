/**
 * The output modes and the json one's text, apart from the renderers (render.ts and its views):
 * the CLI prints json, its default, without loading the text, sheet and compact renderers.
 */
import type { Envelope } from "../core/envelope.ts";

export type OutputMode = "json" | "text" | "compact" | "csv" | "tsv";

/** Every output mode, for help and errors. */
export const OUTPUT_MODES: OutputMode[] = ["json", "text", "compact", "csv", "tsv"];

/** The json mode's output: the envelope, indented. */
export function jsonText(env: Envelope): string {
  return JSON.stringify(env, null, 2);
}
