/** Which statement a filing's role definitions name: US GAAP and IFRS (20-F) wordings. */
import assert from "node:assert/strict";
import { chooseRole } from "../../analysis/filings/statement_roles.ts";

const roles = (...defs: string[]) => defs.map((d, i) => ({ uri: `r${i}`, definition: d }));

Deno.test("statement roles: an IFRS profit-or-loss statement is the income statement, not the OCI statement after it", () => {
  const ifrs = roles(
    "100000 - Statement - Consolidated Statement of Financial Position",
    "200000 - Statement - Consolidated Statement of Comprehensive Income",
    "300000 - Statement - Consolidated Statement of Profit or Loss",
    "400000 - Statement - Consolidated Statement of Cash Flows",
  );
  assert.equal(chooseRole("income", ifrs)?.uri, "r2");
  assert.equal(chooseRole("balance", ifrs)?.uri, "r0");
  assert.equal(chooseRole("cashflow", ifrs)?.uri, "r3");
  // one combined statement is that statement
  const combined = roles(
    "1 - Statement - Consolidated Statement of Profit or Loss and Other Comprehensive Income",
    "2 - Statement - Consolidated Statement of Changes in Equity",
  );
  assert.equal(chooseRole("income", combined)?.uri, "r0");
  // US GAAP as before: operations over comprehensive income
  const gaap = roles(
    "4 - Statement - CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME",
    "3 - Statement - CONSOLIDATED STATEMENTS OF OPERATIONS",
  );
  assert.equal(chooseRole("income", gaap)?.uri, "r1");
});
