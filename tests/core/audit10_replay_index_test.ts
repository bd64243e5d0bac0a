/**
 * A FINANCE_REPLAY (or FINANCE_RECORD) folder whose index.json is broken: the answer names the
 * file, where it breaks and what to do, in words. It was the parser's own text ("FINANCE_REPLAY:
 * Expected property name or '}' in JSON at position 1 (line 1 column 2)"), or for an entry
 * without a url a TypeError ("Cannot read properties of undefined").
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";
import { Session } from "../../core/session.ts";
import { loadConfig } from "../../core/config.ts";
import { describeError } from "../../core/errors.ts";

async function cassette(index: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "finance-audit10-" });
  await Deno.writeTextFile(join(dir, "index.json"), index);
  return dir;
}

/** What a call says when its session replays `index` (the runner's describeError of it). */
async function replaying(index: string) {
  const dir = await cassette(index);
  let error = "";
  try {
    new Session({ config: loadConfig({ FINANCE_REPLAY: dir, FINANCE_CACHE: "off" }) }).close();
  } catch (err) {
    error = describeError(err);
  }
  return { error, path: join(dir, "index.json") };
}

const WHAT_TO_DO =
  /repair it \(a cassette's index\.json is \{"entries": \[.*record the folder again with FINANCE_RECORD=<dir> while online, or leave this folder out of FINANCE_REPLAY$/;

Deno.test("audit10 replay: an index.json that is no JSON names the file, the line and column, and what to do", async () => {
  const { error, path } = await replaying('{\n "entries": [\n  {"url": "x",}\n ]\n}');
  assert.ok(
    error.startsWith(
      `FINANCE_REPLAY: the cassette index ${path} is not valid JSON (it breaks at line 3, column 15), perhaps cut short or edited by hand; `,
    ),
    error,
  );
  assert.match(error, WHAT_TO_DO);
  // never the parser's own words, never "internal error"
  assert.doesNotMatch(error, /Expected|position|internal error/);
});

Deno.test("audit10 replay: an empty or cut-short index.json says so", async () => {
  const empty = (await replaying("")).error;
  assert.match(empty, /is not valid JSON \(the file is empty\)/, empty);
  const cut = (await replaying('{"entries": [')).error;
  assert.match(cut, /is not valid JSON \(it ends too soon\)/, cut);
  assert.doesNotMatch(cut + empty, /Unexpected end of JSON input/);
});

Deno.test("audit10 replay: entries that are no list, or an entry without a url, are named", async () => {
  const none = (await replaying('{"version": 1}')).error;
  assert.match(none, /has no list of entries \(its "entries" is missing or not a list\); repair/);
  const noUrl = (await replaying('{"entries": [{"method": "GET", "status": 200}]}')).error;
  assert.match(
    noUrl,
    /: entry 1 of 1 is not a recorded request \(it needs a url, and method and file as text\); repair/,
    noUrl,
  );
  assert.doesNotMatch(noUrl, /undefined|internal error/);
});

Deno.test("audit10 record: a broken index.json in the FINANCE_RECORD folder says what to do", async () => {
  const dir = await cassette("{oops");
  let message = "";
  try {
    new Session({ config: loadConfig({ FINANCE_RECORD: dir, FINANCE_CACHE: "off" }) }).close();
  } catch (err) {
    message = (err as Error).message;
  }
  assert.match(
    message,
    /is not valid JSON \(it breaks at line 1, column 2\).*move it away so that FINANCE_RECORD starts a new cassette there/,
  );
});

Deno.test("audit10 replay: from the command line the broken index is an error envelope in words", async () => {
  const dir = await cassette("{'entries': []}");
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "mod.ts", "market.quote", "AAPL"],
    cwd: ROOT,
    env: { FINANCE_REPLAY: dir, FINANCE_CACHE: "off" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const envelope = JSON.parse(new TextDecoder().decode(out.stdout));
  assert.equal(envelope.ok, false);
  assert.equal(
    envelope.error.split("; ")[0],
    `FINANCE_REPLAY: the cassette index ${
      join(dir, "index.json")
    } is not valid JSON (it breaks at line 1, column 2), perhaps cut short or edited by hand`,
  );
});

Deno.test("audit10 replay: a folder without index.json says where to point FINANCE_REPLAY", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance-audit10-" });
  let error = "";
  try {
    new Session({ config: loadConfig({ FINANCE_REPLAY: dir, FINANCE_CACHE: "off" }) }).close();
  } catch (err) {
    error = describeError(err);
  }
  assert.equal(
    error,
    `FINANCE_REPLAY: cassette folder ${dir} has no index.json: point FINANCE_REPLAY at a folder holding a cassette (its index.json and bodies/), or record one there with FINANCE_RECORD=<dir> while online`,
  );
});

Deno.test("audit10 replay: folders listed with commas are told the separator is a colon", async () => {
  const a = await cassette('{"entries":[]}');
  const b = await cassette('{"entries":[]}');
  for (const sep of [",", ";"]) {
    let error = "";
    try {
      new Session({
        config: loadConfig({ FINANCE_REPLAY: `${a}${sep}${b}`, FINANCE_CACHE: "off" }),
      })
        .close();
    } catch (err) {
      error = describeError(err);
    }
    assert.ok(
      error.endsWith(
        `; several folders are separated by ":" (FINANCE_REPLAY=${a}:${b}), not by "," or ";"`,
      ),
      error,
    );
  }
  // the same two folders with a colon replay from both
  new Session({ config: loadConfig({ FINANCE_REPLAY: `${a}:${b}`, FINANCE_CACHE: "off" }) })
    .close();
});
