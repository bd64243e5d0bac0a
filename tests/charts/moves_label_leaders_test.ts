/**
 * In a cluster of moves (AAPL, April–May 2025) a label drifted away from its dot: "+6.3%" of
 * 12 May was drawn beside the 9 April dot. Now each label sits nearer its own dot than any other
 * move's dot, and a label moved off its usual spot is tied to its dot by a thin leader line.
 */
import assert from "node:assert/strict";
import { type MarkedMove, movesChart } from "../../analysis/charts/moves.ts";

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Two and a half years of closes with the AAPL cluster of April–May 2025 in them. */
function cluster() {
  const start = Date.parse("2023-11-27T00:00:00Z");
  const fixed = new Map([
    ["2025-04-02", 223],
    ["2025-04-03", 202.5],
    ["2025-04-04", 188],
    ["2025-04-08", 172],
    ["2025-04-09", 198],
    ["2025-05-09", 197.5],
    ["2025-05-12", 210.5],
  ]);
  const bars = [];
  for (let t = start; t <= Date.parse("2026-06-26T00:00:00Z"); t += DAY) {
    const d = new Date(t);
    if (d.getUTCDay() % 6 === 0) continue;
    const i = (t - start) / DAY;
    const date = iso(t);
    bars.push({ date, close: fixed.get(date) ?? 190 + 60 * Math.sin(i / 120) + (i / 10) });
  }
  const moves: MarkedMove[] = [
    { start_date: "2025-04-02", end_date: "2025-04-03", return_pct: -9.3, direction: "down" },
    { start_date: "2025-04-03", end_date: "2025-04-04", return_pct: -7.3, direction: "down" },
    { start_date: "2025-04-08", end_date: "2025-04-09", return_pct: 15.3, direction: "up" },
    { start_date: "2025-05-09", end_date: "2025-05-12", return_pct: 6.3, direction: "up" },
  ];
  return { bars, moves };
}

type P = { x: number; y: number };

/** Each marker dot and each label's centre (its text position plus its mark's offset). */
function layout(svg: string) {
  const dots = [...svg.matchAll(/<circle fill="[^"]*" r="4" cy="([\d.]+)" cx="([\d.]+)"/g)]
    .map((m) => ({ x: Number(m[2]), y: Number(m[1]) }));
  const labels: (P & { text: string })[] = [];
  const groups = svg.matchAll(
    /<g transform="translate\((-?[\d.]+),(-?[\d.]+)\)"[^>]*aria-label="text">([\s\S]*?)<\/g>/g,
  );
  for (const g of groups) {
    for (const t of g[3].matchAll(/transform="translate\(([\d.]+),([\d.]+)\)"[^>]*>([^<]+)</g)) {
      labels.push({
        x: Number(t[1]) + Number(g[1]),
        y: Number(t[2]) + Number(g[2]),
        text: t[3],
      });
    }
  }
  return { dots, labels };
}

Deno.test("moves chart: in a cluster each label is nearest its own dot", async () => {
  const { bars, moves } = cluster();
  const svg = await movesChart(bars, moves, {
    symbol: "AAPL",
    source: "test",
    asOf: "2026-06-26",
    currency: "USD",
  });
  const { dots, labels } = layout(svg);
  assert.equal(dots.length, 4);
  assert.equal(labels.length, 4);
  // dots in date order, as the moves are
  const own = new Map(moves.map((m, i) => [`${m.return_pct > 0 ? "+" : ""}${m.return_pct}%`, i]));
  for (const l of labels) {
    const i = own.get(l.text)!;
    // from the label's box (bold 10px text, about 6.6 px a character, 12 px high)
    const half = l.text.length * 3.3 + 2;
    const d = (p: P) =>
      Math.hypot(
        Math.max(l.x - half - p.x, 0, p.x - l.x - half),
        Math.max(l.y - 6 - p.y, 0, p.y - l.y - 6),
      );
    const ownDot = dots.slice().sort((a, b) => a.x - b.x)[i];
    for (const other of dots) {
      if (other === ownDot) continue;
      assert.ok(d(ownDot) < d(other), `${l.text} is nearer another move's dot than its own`);
    }
  }
});

Deno.test("moves chart: a label off its usual spot has a leader line to its dot", async () => {
  const { bars, moves } = cluster();
  const svg = await movesChart(bars, moves, {
    symbol: "AAPL",
    source: "test",
    asOf: "2026-06-26",
    currency: "USD",
  });
  const { dots, labels } = layout(svg);
  const moved = labels.filter((l) =>
    !dots.some((d) => Math.abs(d.x - l.x) < 0.01 && Math.abs(Math.abs(d.y - l.y) - 12) < 0.01)
  );
  assert.ok(moved.length >= 1, "the cluster moves at least one label off its usual spot");
  const links = [...svg.matchAll(/<path stroke="#[0-9a-f]{6}" d="M([\d.]+),([\d.]+)L/g)]
    .map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
  assert.equal(links.length, moved.length, "one leader per moved label");
  for (const l of links) {
    assert.ok(
      dots.some((d) => Math.hypot(d.x - l.x, d.y - l.y) < 0.01),
      "a leader starts at a dot",
    );
  }
});
