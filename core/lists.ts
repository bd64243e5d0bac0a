/**
 * Lists in messages. A module of its own, with no imports: analysis code on cold paths (the
 * tune's market.ohlcv) uses it without loading the argument reader.
 */

/** The first `most` items joined by `sep`, then how many more: "a, b, c and 7 more". */
export function someOf(items: string[], most: number, sep = ", "): string {
  const shown = items.slice(0, most).join(sep);
  return items.length > most ? `${shown} and ${items.length - most} more` : shown;
}
