/**
 * loadXbrl and the definition linkbase, on a stand-in for the SEC client serving a filing's
 * files by name: the definition linkbase is read as named by FilingSummary.xml, the schema's
 * linkbaseRefs or, for an inline filing without FilingSummary.xml, the filing index's EX-101.DEF
 * row (it was never fetched); a file not found, or not recorded under replay, is null with
 * nothing said (the statement reads as before); another failure is noted, never thrown; a
 * stopped call stays stopped.
 */
import assert from "node:assert/strict";
import { StoppedError } from "../../core/cancel.ts";
import type { Client, ResolvedFiling } from "../../providers/filings_a/client.ts";
import { loadXbrl } from "../../providers/filings_a/xbrl_files.ts";

const FILING: ResolvedFiling = {
  cik: 2000001,
  company: "Birchwood Farms Inc",
  form: "10-Q",
  filing_date: "2023-11-08",
  period_of_report: "2023-09-30",
  accession_no: "0002000001-23-000045",
  primary_document: "bwf-20230930x10q.htm",
  filing_url:
    "https://www.sec.gov/Archives/edgar/data/2000001/000200000123000045/bwf-20230930x10q.htm",
  homepage_url: "",
  text_url: "",
};

const schema = (linkbases: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" targetNamespace="http://birchwood.example/20230930">
  <xs:annotation><xs:appinfo>
${
    linkbases.map((l) =>
      `    <link:linkbaseRef xlink:type="simple" xlink:href="${l}" xlink:arcrole="http://www.w3.org/1999/xlink/properties/linkbase"/>`
    ).join("\n")
  }
  </xs:appinfo></xs:annotation>
</xs:schema>`;

const SUMMARY = `<?xml version="1.0" encoding="utf-8"?>
<FilingSummary>
  <MyReports></MyReports>
  <InputFiles>
    <File doctype="10-Q" original="bwf-20230930x10q.htm">bwf-20230930x10q.htm</File>
    <File>bwf-20230930.xsd</File>
    <File>bwf-20230930_def.xml</File>
    <File>bwf-20230930_lab.xml</File>
    <File>bwf-20230930_pre.xml</File>
  </InputFiles>
</FilingSummary>`;

/**
 * A client serving `files` by name (a missing one: 404, or under replay "no recording"); `fail`
 * maps a name to the error reading it throws.
 */
function stub(
  files: Record<string, string>,
  opts: { replaying?: boolean; fail?: Record<string, Error>; index?: string[][] } = {},
) {
  const asked: string[] = [];
  const read = (name: string, optional: boolean) => {
    asked.push(name);
    if (opts.fail?.[name]) return Promise.reject(opts.fail[name]);
    if (name in files) return Promise.resolve(files[name]);
    if (opts.replaying) {
      return Promise.reject(new Error(`filings_a: no recording for GET …/${name}`));
    }
    return optional ? Promise.resolve(null) : Promise.reject(new Error(`HTTP 404 for ${name}`));
  };
  const client = {
    env: { http: { replaying: !!opts.replaying }, signal: undefined },
    archiveText: (_c: number, _a: string, name: string) => read(name, false),
    optionalArchiveText: (_c: number, _a: string, name: string) => read(name, true),
    packageDocuments: () =>
      opts.index
        ? Promise.resolve(
          opts.index.map(([document, type], i) => ({
            seq: String(i + 1),
            description: "",
            document,
            type,
          })),
        )
        : Promise.reject(new Error("no index")),
  };
  return { client: client as unknown as Client, asked };
}

const BASE = {
  "bwf-20230930x10q_htm.xml": "<xbrl/>",
  "bwf-20230930_pre.xml": "<pre/>",
  "bwf-20230930_lab.xml": "<lab/>",
};

Deno.test("loadXbrl: the definition linkbase FilingSummary.xml names is read and named", async () => {
  const { client } = stub({
    ...BASE,
    "FilingSummary.xml": SUMMARY,
    "bwf-20230930.xsd": schema([]),
    "bwf-20230930_def.xml": "<def/>",
  });
  const bundle = await loadXbrl(client, FILING);
  // old: no definition linkbase in the bundle
  assert.equal(bundle.def, "<def/>");
  assert.equal(bundle.files.def, "bwf-20230930_def.xml");
  assert.deepEqual(bundle.notes, []);
});

Deno.test("loadXbrl: without FilingSummary.xml, the index's EX-101.DEF row names the definition linkbase", async () => {
  // the schema declares no definition linkbase; the index lists it by type
  const { client, asked } = stub({
    ...BASE,
    "bwf-20230930.xsd": schema(["bwf-20230930_pre.xml", "bwf-20230930_lab.xml"]),
    "bwf-20230930_defn.xml": "<def/>",
  }, {
    index: [
      ["bwf-20230930x10q.htm", "10-Q"],
      ["bwf-20230930.xsd", "EX-101.SCH"],
      ["bwf-20230930_defn.xml", "EX-101.DEF"],
      ["bwf-20230930_lab.xml", "EX-101.LAB"],
      ["bwf-20230930_pre.xml", "EX-101.PRE"],
      ["bwf-20230930x10q_htm.xml", "EX-101.INS"],
    ],
  });
  const bundle = await loadXbrl(client, FILING);
  assert.ok(asked.includes("bwf-20230930_defn.xml"), asked.join());
  assert.equal(bundle.def, "<def/>");
  assert.equal(bundle.files.def, "bwf-20230930_defn.xml");
});

Deno.test("loadXbrl: a definition linkbase not found (404) or not recorded is null, nothing said", async () => {
  for (const replaying of [false, true]) {
    const { client, asked } = stub({
      ...BASE,
      "FilingSummary.xml": SUMMARY,
      "bwf-20230930.xsd": schema([]),
    }, { replaying });
    const bundle = await loadXbrl(client, FILING);
    assert.ok(asked.includes("bwf-20230930_def.xml"));
    assert.equal(bundle.def, null);
    assert.equal(bundle.files.def, null);
    assert.deepEqual(bundle.notes, []);
    assert.equal(bundle.pre, "<pre/>");
  }
});

Deno.test("loadXbrl: a definition linkbase that fails to load is noted, never the statement's failure; a stopped call stays stopped", async () => {
  const files = { ...BASE, "FilingSummary.xml": SUMMARY, "bwf-20230930.xsd": schema([]) };
  const { client } = stub(files, {
    fail: {
      "bwf-20230930_def.xml": new Error(
        "filings_a: HTTP 503 from https://www.sec.gov/… after 4 attempts",
      ),
    },
  });
  const bundle = await loadXbrl(client, FILING);
  assert.equal(bundle.def, null);
  assert.equal(bundle.notes.length, 1);
  assert.match(bundle.notes[0], /definition linkbase bwf-20230930_def\.xml .* could not be read/);
  assert.match(bundle.notes[0], /HTTP 503/);
  const stopped = stub(files, {
    fail: { "bwf-20230930_def.xml": new StoppedError("filings.statement", "its time limit") },
  });
  await assert.rejects(() => loadXbrl(stopped.client, FILING), StoppedError);
});
