/** Renders an envelope for a terminal: json (canonical), text (readable), compact (one line a record). */
import type { Envelope } from "../core/envelope.ts";

export type OutputMode = "json" | "text" | "compact";

/** Renders an envelope in the chosen mode. */
export function render(env: Envelope, mode: OutputMode): string {
  if (mode === "json") return JSON.stringify(env, null, 2);
  const lines: string[] = [];
  if (!env.ok) {
    lines.push(`Error: ${env.error}`);
  } else if (mode === "compact") {
    lines.push(...compact(env.data));
  } else {
    lines.push(...text(env.data, ""));
  }
  for (const w of env.warnings) lines.push(`warning: ${w}`);
  return lines.join("\n");
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return "—";
  if (typeof v === "number") return formatNumber(v);
  if (typeof v === "string") return v.length > 200 ? `${v.slice(0, 200)}…` : v;
  if (typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1000) return n.toFixed(2);
  if (abs >= 1) return String(Number(n.toPrecision(8)));
  return String(Number(n.toPrecision(6)));
}

function isRecordArray(v: unknown): v is Record<string, unknown>[] {
  return Array.isArray(v) && v.length > 0 &&
    v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x));
}

function text(data: unknown, indent: string): string[] {
  if (data === null || typeof data !== "object") return [`${indent}${scalar(data)}`];
  if (Array.isArray(data)) {
    if (isRecordArray(data)) return table(data, indent);
    return [`${indent}${data.map(scalar).join(", ")}`];
  }
  const lines: string[] = [];
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (isRecordArray(v)) {
      lines.push(`${indent}${k}: (${v.length})`);
      lines.push(...table(v, `${indent}  `));
    } else if (v && typeof v === "object" && !Array.isArray(v)) {
      lines.push(`${indent}${k}:`);
      lines.push(...text(v, `${indent}  `));
    } else if (Array.isArray(v)) {
      lines.push(`${indent}${k}: ${v.length ? v.map(scalar).join(", ") : "(none)"}`);
    } else if (typeof v === "string" && v.includes("\n")) {
      lines.push(`${indent}${k}:`);
      for (const l of v.split("\n")) lines.push(`${indent}  ${l}`);
    } else {
      lines.push(`${indent}${k}: ${scalar(v)}`);
    }
  }
  return lines;
}

function table(rows: Record<string, unknown>[], indent: string): string[] {
  const cols: string[] = [];
  for (const r of rows.slice(0, 50)) {
    for (const [k, v] of Object.entries(r)) {
      if (!cols.includes(k) && (v === null || typeof v !== "object")) cols.push(k);
    }
  }
  const shown = cols.slice(0, 8);
  const cells = rows.map((r) => shown.map((c) => clipCell(scalar(r[c]))));
  const widths = shown.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (vals: string[]) =>
    indent + vals.map((v, i) => v.padEnd(widths[i])).join("  ").trimEnd();
  return [line(shown), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)];
}

function clipCell(s: string): string {
  return s.length > 48 ? `${s.slice(0, 47)}…` : s;
}

/** One short line per record of the main list, or one line for a flat result. */
function compact(data: unknown): string[] {
  if (data === null || typeof data !== "object") return [scalar(data)];
  const obj = data as Record<string, unknown>;
  const listKey = Object.keys(obj).find((k) => isRecordArray(obj[k]));
  const head = Object.entries(obj)
    .filter(([, v]) => v === null || typeof v !== "object")
    .slice(0, 6)
    .map(([k, v]) => `${k}=${clipCell(scalar(v))}`)
    .join(" ");
  if (!listKey) return [head];
  const lines = head ? [head] : [];
  for (const r of obj[listKey] as Record<string, unknown>[]) {
    lines.push(
      Object.entries(r)
        .filter(([, v]) => v !== null && typeof v !== "object")
        .slice(0, 8)
        .map(([k, v]) => `${k}=${clipCell(scalar(v))}`)
        .join(" "),
    );
  }
  return lines;
}
