/**
 * Filings parsing stopped at its time limit stops using CPU: a real `finance serve` pointed at a
 * local fake SEC (FINANCE_SEC_BASE_URL, FINANCE_SEC_DATA_BASE_URL) that answers with the
 * project's ACME filing (tests/fixtures/filings/cassette), except that its 10-K document carries
 * 50 MB of text and its XBRL instance 150,000 periods of facts. filings.sections, filings.read
 * and filings.statement each end at FINANCE_REQUEST_TIMEOUT_MS, and the server goes quiet.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";
import { spawnFinance } from "./_spawn.ts";
import { stoppedCall } from "./_cpu.ts";

const LIMIT = 500;
const CASSETTE = join(FIXTURES, "filings", "cassette");
const FOLDER = "/Archives/edgar/data/1234567/000123456724000010/";

/** The 10-K with 50 MB of paragraphs in Item 1. */
function bigReport(original: string): string {
  const anchor = "<p>We operate two segments: Widgets and Services.</p>";
  assert.ok(original.includes(anchor), "the ACME 10-K changed: update the anchor");
  const para = (i: number) =>
    `<p>In period ${i} the Widgets segment sold ${i * 7} units to ${
      i % 13
    } industrial customers and revenue rose.</p>\n`;
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 50e6; i++) {
    const p = para(i);
    parts.push(p);
    size += p.length;
  }
  return original.replace(anchor, anchor + parts.join(""));
}

/** The instance with 150,000 more quarterly contexts, each with revenue and cost facts. */
function bigInstance(original: string): string {
  const extra: string[] = [];
  for (let i = 0; i < 150_000; i++) {
    const y = 1900 + Math.floor(i / 365);
    const d = String(1 + (i % 28)).padStart(2, "0");
    const m = String(1 + (Math.floor(i / 28) % 12)).padStart(2, "0");
    extra.push(
      `<context id="c${i}"><entity><identifier scheme="http://www.sec.gov/CIK">0001234567</identifier></entity><period><startDate>${y}-${m}-01</startDate><endDate>${y}-${m}-${d}</endDate></period></context>`,
      `<us-gaap:Revenues contextRef="c${i}" decimals="-6" unitRef="usd">${
        i * 1000
      }</us-gaap:Revenues>`,
      `<us-gaap:CostOfRevenue contextRef="c${i}" decimals="-6" unitRef="usd">${
        i * 700
      }</us-gaap:CostOfRevenue>`,
    );
  }
  return original.replace("</xbrl>", extra.join("\n") + "\n</xbrl>");
}

/** A local SEC answering the cassette's URLs by path, with the two large files swapped in. */
async function startSec() {
  const index = JSON.parse(await Deno.readTextFile(join(CASSETTE, "index.json")));
  const bodies = new Map<string, { status: number; type: string; body: string }>();
  for (const e of index.entries) {
    const body = e.file ? await Deno.readTextFile(join(CASSETTE, e.file)) : e.body;
    bodies.set(new URL(e.url).pathname, {
      status: Number(e.status),
      type: e.headers?.["content-type"] ?? "text/plain",
      body,
    });
  }
  const swap = (name: string, f: (s: string) => string) => {
    const entry = bodies.get(FOLDER + name)!;
    entry.body = f(entry.body);
  };
  swap("acme-20231231.htm", bigReport);
  swap("acme-20231231_htm.xml", bigInstance);
  const hits: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    hits.push(path);
    const hit = bodies.get(path);
    if (!hit) return new Response("Not Found", { status: 404 });
    return new Response(hit.body, { status: hit.status, headers: { "content-type": hit.type } });
  });
  return { port: (server.addr as Deno.NetAddr).port, hits, close: () => server.shutdown() };
}

Deno.test("cpu: filings.sections, filings.read and filings.statement stop at their time limit on a huge filing", async () => {
  const sec = await startSec();
  const base = `http://127.0.0.1:${sec.port}`;
  const s = await spawnFinance(["serve"], {
    FINANCE_SEC_BASE_URL: base,
    FINANCE_SEC_DATA_BASE_URL: base,
    FINANCE_REQUEST_TIMEOUT_MS: String(LIMIT),
  });
  try {
    const filing = { symbol: "ACME", form: "10-K" };
    await stoppedCall(s, "filings.sections", filing, LIMIT);
    await stoppedCall(s, "filings.read", { ...filing, section: "mda" }, LIMIT);
    await stoppedCall(s, "filings.statement", { ...filing, statement: "income" }, LIMIT);
    // the large files were fetched: the limit fell on parsing them, not before
    assert.ok(sec.hits.includes(FOLDER + "acme-20231231.htm"), sec.hits.join(" "));
    assert.ok(sec.hits.includes(FOLDER + "acme-20231231_htm.xml"), sec.hits.join(" "));
  } finally {
    await s.stop();
    await sec.close();
  }
});
