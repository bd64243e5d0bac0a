import assert from "node:assert/strict";
import { scaleIn } from "../../analysis/document/table_scale.ts";

Deno.test("document.tables: thousands captions with a currency before 000 are read (in $000s, RMB'000, HK$'000)", () => {
  // these read as no scale, so a table of thousands was given as units
  for (const caption of ["(in $000s)", "RMB'000", "HK$'000", "in RMB'000", "US$'000"]) {
    assert.equal(scaleIn([caption])?.multiplier, 1e3, caption);
  }
  // a figure of 1,000 in a sentence is no caption
  assert.equal(scaleIn(["sold 1000 units in 2024"]), null);
  assert.equal(scaleIn(["Revenue 2024 2023"]), null);
});
