/**
 * Document work stopped at its time limit stops using CPU, through a real `finance serve` with
 * FINANCE_REQUEST_TIMEOUT_MS: tables of a long PDF and of 20 MB of HTML tables (linkedom's parse
 * is one synchronous call, about 4 s here, that used to run on past the limit and hold the
 * answer back), read and scan of the same HTML, scan of a long PDF, and a scan for two words
 * that each occur 100,000 times (all_terms compared every hit of one with every hit of the
 * other: the server was busy for minutes and then answered ok long after the limit), the last
 * also as a tool call of `finance mcp --http`.
 */
import { join } from "node:path";
import { buildPdf, type PdfPage } from "./_pdf.ts";
import assert from "node:assert/strict";
import { rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";
import { stoppedCall } from "./_cpu.ts";

const LIMIT = 1000;

/** A page of 60 lines of prose: no table on it, so document.tables searches every page. */
function prosePage(p: number): PdfPage {
  const lines = Array.from(
    { length: 60 },
    (_, k) =>
      `${k ? "0 -12 Td " : "54 760 Td "}(Page ${p} line ${k}: revenue rose ${
        (k * 37 + p) % 100
      } percent in the quarter as customers bought more) Tj`,
  );
  return { content: `BT /F1 9 Tf ${lines.join(" ")} ET` };
}

/** About `mb` MB of HTML: notes each followed by a table of 20 rows. */
function tablesHtml(mb: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let t = 0; size < mb * 1e6; t++) {
    const rows = Array.from({ length: 20 }, (_, k) => {
      const i = t * 20 + k;
      return `<tr><td>Revenue ${i}</td><td>${i * 3}</td><td>${i * 7}</td><td>(${i})</td></tr>`;
    }).join("");
    const part =
      `<p>Note ${t}: revenue and costs for the period.</p><table><tr><th>Item</th><th>2024</th><th>2023</th><th>Change</th></tr>${rows}</table>\n`;
    parts.push(part);
    size += part.length;
  }
  return `<html><body>${parts.join("")}</body></html>`;
}

/** 100,000 short paragraphs that all say "revenue rose". */
function repetitiveHtml(): string {
  const lines = Array.from(
    { length: 100_000 },
    (_, i) => `<p>revenue rose in quarter ${i % 97}</p>`,
  );
  return `<html><body>${lines.join("\n")}</body></html>`;
}

async function withServer(
  fn: (s: Spawned, dir: string) => Promise<void>,
  command = ["serve"],
) {
  const dir = await Deno.makeTempDir({ prefix: "finance-cpu-doc-" });
  await Deno.writeFile(
    join(dir, "long.pdf"),
    buildPdf(Array.from({ length: 2000 }, (_, i) => prosePage(i + 1))),
  );
  await Deno.writeTextFile(join(dir, "tables.html"), tablesHtml(20));
  await Deno.writeTextFile(join(dir, "repeats.html"), repetitiveHtml());
  const s = await spawnFinance(command, {
    FINANCE_DOCUMENT_ROOTS: dir,
    FINANCE_REQUEST_TIMEOUT_MS: String(LIMIT),
  });
  try {
    await fn(s, dir);
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("cpu: document.tables stops at its time limit (long PDF, 20 MB of HTML tables)", async () => {
  await withServer(async (s, dir) => {
    await stoppedCall(s, "document.tables", { source: join(dir, "long.pdf") }, LIMIT);
    await stoppedCall(s, "document.tables", { source: join(dir, "tables.html") }, LIMIT);
  });
});

Deno.test("cpu: document.read and document.scan stop at their time limit (long PDF and HTML)", async () => {
  await withServer(async (s, dir) => {
    await stoppedCall(s, "document.read", { source: join(dir, "tables.html") }, LIMIT);
    await stoppedCall(
      s,
      "document.scan",
      { source: join(dir, "long.pdf"), query: "revenue" },
      LIMIT,
    );
    await stoppedCall(
      s,
      "document.scan",
      { source: join(dir, "tables.html"), query: "revenue and costs" },
      LIMIT,
    );
  });
});

/**
 * Every ordered pair and triple of the repeated words: each phrase has 100,000 hits, so an
 * all_terms scan of them all takes many times the limit even though each hit is checked against
 * the others by binary search (one phrase alone now finishes inside the limit).
 */
const PHRASES = (() => {
  const words = ["revenue", "rose", "quarter"];
  const out: string[] = [];
  for (const a of words) {
    for (const b of words) {
      if (b === a) continue;
      out.push(`${a} ${b}`);
      for (const c of words) {
        if (c !== a && c !== b) out.push(`${a} ${b} ${c}`, `${a} in ${b} ${c}`);
      }
    }
  }
  return out;
})();

Deno.test("cpu: a scan whose words repeat 100,000 times stops at its time limit", async () => {
  await withServer(async (s, dir) => {
    await stoppedCall(
      s,
      "document.scan",
      { source: join(dir, "repeats.html"), query: "revenue rose", match: "fuzzy" },
      LIMIT,
    );
    await stoppedCall(
      s,
      "document.scan",
      { source: join(dir, "repeats.html"), topics: PHRASES, match: "all_terms" },
      LIMIT,
    );
  });
});

/** A tools/call of `finance mcp --http`; its structured content is the envelope. */
async function toolCall(s: Spawned, name: string, args: unknown) {
  const res = await rawRequest(
    s.port,
    "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream",
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: `finance_${name.replaceAll(".", "_")}`, arguments: args },
    }),
  );
  assert.equal(res.status, 200, res.body);
  const result = JSON.parse(res.body).result;
  assert.equal(result.isError, true, res.body.slice(0, 300));
  return result.structuredContent;
}

Deno.test("cpu: the same scan as an MCP tool call stops at its time limit (mcp --http)", async () => {
  await withServer(async (s, dir) => {
    await stoppedCall(
      s,
      "document.scan",
      { source: join(dir, "repeats.html"), topics: PHRASES, match: "all_terms" },
      LIMIT,
      toolCall,
    );
  }, ["mcp", "--http"]);
});
