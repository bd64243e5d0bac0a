/**
 * `lattice` tables: cells built from the ruling lines drawn on a page, merged cells spread over
 * the columns they cover.
 */
import { groupLines, type TextRun } from "./pdf_layout.ts";
import { checkpoint } from "../../core/cancel.ts";
import type { Ruling } from "../../providers/pdf_tables_a/client.ts";
import type { CellAt, Table } from "./table_model.ts";
import { isNumeric, isYear } from "./table_figures.ts";
import { linesAbove, withScale } from "./table_scale.ts";
import { finish } from "./table_headings.ts";
import { round } from "./tables.ts";

function cluster(values: number[], tolerance: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) if (!out.length || v - out.at(-1)! > tolerance) out.push(v);
  return out;
}

/** Lattice tables: grids of horizontal and vertical ruling lines; text assigned by centre. */
export function latticeTables(
  runs: TextRun[],
  rulings: Ruling[],
  page: number,
  pageHeight: number,
): Table[] {
  const horizontal = rulings.filter((r) => r.y1 - r.y0 <= 3 && r.x1 - r.x0 > 10);
  const vertical = rulings.filter((r) => r.x1 - r.x0 <= 3 && r.y1 - r.y0 > 5);
  const tables: Table[] = [];
  for (const group of groupRulings(horizontal, vertical)) {
    const ys = cluster(group.h.map((r) => (r.y0 + r.y1) / 2), 2).reverse(); // top first
    const xs = cluster(group.v.map((r) => (r.x0 + r.x1) / 2), 2);
    if (ys.length < 2 || xs.length < 2) continue;
    const grid = ys.slice(1).map(() => new Array<string>(xs.length - 1).fill(""));
    const at = grid.map((r) => r.map((): CellAt | null => null));
    for (const r of [...runs].sort((a, b) => b.y - a.y || a.x - b.x)) {
      const cx = r.x + r.width / 2, cy = r.y + r.size * 0.3;
      const col = xs.findIndex((x, k) => k < xs.length - 1 && cx >= x && cx < xs[k + 1]);
      const row = ys.findIndex((y, k) => k < ys.length - 1 && cy <= y && cy > ys[k + 1]);
      if (col < 0 || row < 0 || !r.str.trim()) continue;
      grid[row][col] = grid[row][col] ? `${grid[row][col]} ${r.str.trim()}` : r.str.trim();
      at[row][col] ??= { y: r.y, x: r.x };
    }
    spreadMerged(grid, xs, ys, group.v);
    const keep = grid.map((row) => row.some(Boolean));
    const kept = grid.filter((_, i) => keep[i]);
    // A frame around a paragraph or a shaded cell is not a table.
    if (kept.length < 2 || xs.length < 3 || kept.flat().filter(Boolean).length < 4) continue;
    const bbox: [number, number, number, number] = [
      round(xs[0]),
      round(pageHeight - ys[0]),
      round(xs.at(-1)!),
      round(pageHeight - ys.at(-1)!),
    ];
    tables.push(finish(kept, page, bbox, at.filter((_, i) => keep[i])));
  }
  if (!tables.length) return tables;
  const lines = groupLines(runs);
  // a grid beside another (their rows at the same height) reads the caption over itself only
  const beside = (t: Table) =>
    tables.some((o) =>
      o !== t && o.bbox![1] < t.bbox![3] && t.bbox![1] < o.bbox![3] &&
      (o.bbox![2] <= t.bbox![0] || t.bbox![2] <= o.bbox![0])
    );
  return tables.map((t) =>
    beside(t)
      ? withScale(
        t,
        linesAbove(lines, t.bbox![1], pageHeight, [t.bbox![0], t.bbox![2]]),
        linesAbove(lines, t.bbox![1], pageHeight),
      )
      : withScale(t, linesAbove(lines, t.bbox![1], pageHeight))
  );
}

/**
 * A ruled header cell merged over several columns (no vertical rule crosses it: "Three Months
 * Ended" over two years) heads each of them: its text, set in the one column its centre falls
 * in, is copied to the others. Only the leading rows without figures are read so.
 */
function spreadMerged(grid: string[][], xs: number[], ys: number[], vertical: Ruling[]) {
  for (let r = 0; r < grid.length; r++) {
    if (grid[r].some((c) => c && isNumeric(c) && !isYear(c))) break;
    const mid = (ys[r] + ys[r + 1]) / 2;
    // runs of columns with no rule between them in this row
    let start = 0;
    for (let k = 1; k <= grid[r].length; k++) {
      const ruled = k === grid[r].length ||
        vertical.some((v) =>
          Math.abs((v.x0 + v.x1) / 2 - xs[k]) <= 2 && v.y0 <= mid && v.y1 >= mid
        );
      if (!ruled) continue;
      const texts = grid[r].slice(start, k).filter(Boolean);
      // the label column is never a span's
      if (k - start > 1 && start > 0 && texts.length === 1) {
        for (let j = start; j < k; j++) grid[r][j] = texts[0];
      }
      start = k;
    }
  }
}

/** Groups ruling lines that touch into separate tables. */
function groupRulings(h: Ruling[], v: Ruling[]): { h: Ruling[]; v: Ruling[] }[] {
  const all = [
    ...h.map((r) => ({ r, kind: "h" as const })),
    ...v.map((r) => ({ r, kind: "v" as const })),
  ];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const touch = (a: Ruling, b: Ruling) =>
    a.x0 <= b.x1 + 2 && b.x0 <= a.x1 + 2 && a.y0 <= b.y1 + 2 && b.y0 <= a.y1 + 2;
  for (let i = 0; i < all.length; i++) {
    checkpoint();
    for (let j = i + 1; j < all.length; j++) {
      if (touch(all[i].r, all[j].r)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, { h: Ruling[]; v: Ruling[] }>();
  all.forEach((item, i) => {
    const g = groups.get(find(i)) ?? { h: [], v: [] };
    g[item.kind].push(item.r);
    groups.set(find(i), g);
  });
  return [...groups.values()].filter((g) => g.h.length >= 2 && g.v.length >= 2);
}
