/**
 * market.quote's view: one line that says whose price it is, the price, its move since the
 * previous close and when it was quoted, above the generic view's fields (generic.ts), whose
 * prices are at the quote's one precision and in its currency or unit; the line reuses their
 * text, so both always read alike.
 */
import { genericView } from "./generic.ts";
import { type Block, dateText, isRecord, num, percent, str } from "./model.ts";

/** Yahoo's market states in words. */
const STATES: Record<string, string> = {
  REGULAR: "market open",
  CLOSED: "market closed",
  PRE: "pre-market",
  PREPRE: "market closed",
  POST: "after hours",
  POSTPOST: "market closed",
};

export function quoteView(data: unknown): Block[] {
  if (!isRecord(data) || typeof data.symbol !== "string" || !("price" in data)) return [];
  const blocks = genericView(data);
  const fields = blocks.find((b) => b.kind === "fields");
  const shown = (key: string) =>
    fields?.kind === "fields" ? fields.rows.find(([k]) => k === key)?.[1] : undefined;
  const who = [str(data.company_name), str(data.exchange)].filter(Boolean).join(", ");
  const price = num(data.price) === undefined ? undefined : shown("price");
  const change = num(data.change);
  const pct = num(data.change_pct);
  let move = "";
  if (price !== undefined && change !== undefined) {
    const by = change === 0 ? "" : ` ${(shown("change") ?? "").replace("-", "")}`;
    const rate = change !== 0 && pct !== undefined ? ` (${percent(Math.abs(pct))})` : "";
    move = `, ${change > 0 ? "up" : change < 0 ? "down" : "unchanged"}${by}${rate} from the ` +
      "previous close";
  }
  const state = str(data.market_state);
  const when = [
    str(data.as_of) ? `at ${dateText(String(data.as_of))}` : "",
    // Yahoo's state of the market when the quote was read, not now: an old quote (a recording,
    // a halted listing) said "market open" as if of today
    state ? `${STATES[state] ?? state.toLowerCase()} when read` : "",
  ].filter(Boolean).join(", ");
  const text = `${data.symbol}${who ? ` (${who})` : ""}: ${price ?? "no price reported"}${move}${
    when ? `, ${when}` : ""
  }`;
  return [{ kind: "title", text }, ...blocks];
}
