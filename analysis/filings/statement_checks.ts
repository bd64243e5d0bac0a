/**
 * What a statement's figures need said before anyone adds or compares them: `reported` is each
 * fact's value scaled by its own decimals (contract 2.6), so it is on one scale across rows only
 * when their decimals agree. A statement in millions with one row tagged in thousands
 * (decimals -3) gives that row's `reported` a thousand times larger; one tagged to hundreds of
 * thousands (decimals -5: "$12.3 million" is 123) is in no scale a reader expects.
 */
import type { StatementRow } from "./statement.ts";

const NAMES: Record<number, string> = { 0: "units", 3: "thousands", 6: "millions", 9: "billions" };

/** The power of ten `reported` counts for a fact's decimals: 6 for -6, 0 for none or positive. */
const scaleOf = (decimals: number | null) => (decimals !== null && decimals < 0 ? -decimals : 0);

const scaleName = (scale: number) => NAMES[scale] ?? `units of 10^${scale}`;

/**
 * Warnings for figures of one unit whose `reported` values are on different scales (their
 * decimals differ), or on a scale no reader expects (decimals not a multiple of 3). Zeros and
 * empty cells are left out: a dash is tagged at any precision and reads the same on any scale.
 */
export function scaleWarnings(rows: StatementRow[], periods: string[]): string[] {
  // unit → scale → the cells on it (row label and period)
  const byUnit = new Map<string, Map<number, { row: StatementRow; period: string }[]>>();
  for (const row of rows) {
    if (row.abstract) continue;
    for (const period of periods) {
      const v = row.values[period];
      if (!v?.unit || v.raw === null || v.raw === 0) continue;
      let scales = byUnit.get(v.unit);
      if (!scales) byUnit.set(v.unit, scales = new Map());
      const scale = scaleOf(v.decimals);
      const cells = scales.get(scale);
      if (cells) cells.push({ row, period });
      else scales.set(scale, [{ row, period }]);
    }
  }
  const out: string[] = [];
  for (const [unit, scales] of byUnit) {
    const ranked = [...scales].sort((a, b) => b[1].length - a[1].length);
    const [main, mainCells] = ranked[0];
    if (ranked.length > 1) {
      const others = ranked.slice(1);
      const [scale, cells] = others[0];
      const { row, period } = cells[0];
      const n = others.reduce((s, [, c]) => s + c.length, 0);
      out.push(
        `the ${unit} figures of this statement are not all on one scale: ${mainCells.length} have decimals ${
          -main || "0 or more"
        } (\`reported\` in ${
          scaleName(main)
        }), ${n} another (e.g. "${row.label}" (${row.concept}) ${period}: decimals ${
          row.values[period].decimals
        }, \`reported\` ${row.values[period].reported} in ${
          scaleName(scale)
        }); do not add or compare \`reported\` across those rows: use \`raw\` (the full amount), or scale each by its own decimals`,
      );
    }
    const odd = ranked.filter(([s]) => s % 3 !== 0);
    if (odd.length) {
      const [scale, cells] = odd[0];
      const { row, period } = cells[0];
      const v = row.values[period];
      out.push(
        `${cells.length} ${unit} figure(s) are tagged with decimals ${-scale}, so \`reported\` counts ${
          scaleName(scale)
        } of ${unit}, no thousands or millions (e.g. "${row.label}" (${row.concept}) ${period}: raw ${v.raw}, reported ${v.reported}); read \`raw\` for the amount`,
      );
    }
  }
  return out;
}
