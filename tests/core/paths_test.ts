/** core/paths.ts answers as node:path does (it stands in for it to keep node:path off start-up). */
import assert from "node:assert/strict";
import * as node from "node:path";
import { dirname, join, resolve } from "../../core/paths.ts";

const PARTS = [
  "",
  ".",
  "..",
  "/",
  "//",
  "a",
  "a/",
  "/a",
  "/a/",
  "a/b",
  "a//b",
  "a/./b",
  "a/../b",
  "../a",
  "/../a",
  "a/b/..",
  "a/b/../..",
  "a/b/../../..",
  "/x/y/z/",
  ".cache",
  "bodies/00001.json",
  "../../sec/AAPL/CIK0000320193.json",
  "/work/shared/fixtures/cassettes/yahoo",
  "index.json",
  "dir with space/é",
];

Deno.test("core/paths: join, dirname and resolve answer as node:path", () => {
  let compared = 0;
  for (const a of PARTS) {
    assert.equal(dirname(a), node.dirname(a), `dirname(${a})`);
    assert.equal(resolve(a), node.resolve(a), `resolve(${a})`);
    assert.equal(join(a), node.join(a), `join(${a})`);
    for (const b of PARTS) {
      assert.equal(join(a, b), node.join(a, b), `join(${a}, ${b})`);
      assert.equal(resolve(a, b), node.resolve(a, b), `resolve(${a}, ${b})`);
      assert.equal(dirname(join(a, b)), node.dirname(node.join(a, b)), `dirname(join(${a}, ${b}))`);
      for (const c of ["", "x", "/y", "../z", "z/"]) {
        assert.equal(join(a, b, c), node.join(a, b, c), `join(${a}, ${b}, ${c})`);
        assert.equal(resolve(a, b, c), node.resolve(a, b, c), `resolve(${a}, ${b}, ${c})`);
        compared += 2;
      }
      compared += 3;
    }
  }
  assert.equal(join(), node.join());
  assert.equal(resolve(), node.resolve());
  assert.ok(compared > 3000, `${compared}`);
});
