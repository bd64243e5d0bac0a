/**
 * Statement roles beyond one company's plain set: a combined report of several registrants (each
 * with its own income statement) is named, never silently reduced to its first; a business
 * development company's "Statements of Assets and Liabilities" is its balance sheet.
 */
import assert from "node:assert/strict";
import { chooseRole, rivalRoles } from "../../analysis/filings/statement_roles.ts";

const roles = (...defs: string[]) => defs.map((d, i) => ({ uri: `r${i}`, definition: d }));

Deno.test("statement roles: a combined report's other registrants' statements are rivals of the first", () => {
  const utility = roles(
    "0000002 - Statement - Consolidated Statements of Operations - Lakeland Energy Corp",
    "0000003 - Statement - Consolidated Statements of Comprehensive Income - Lakeland Energy Corp",
    "0000004 - Statement - Consolidated Balance Sheets - Lakeland Energy Corp",
    "0000010 - Statement - Consolidated Statements of Operations - Lakeland Power Co",
    "0000011 - Statement - Consolidated Balance Sheets - Lakeland Power Co",
    "0000012 - Statement - Consolidated Balance Sheets (Parenthetical) - Lakeland Power Co",
  );
  const income = chooseRole("income", utility)!;
  assert.equal(income.uri, "r0");
  assert.deepEqual(rivalRoles("income", utility, income).map((r) => r.uri), ["r3"]);
  const balance = chooseRole("balance", utility)!;
  assert.equal(balance.uri, "r2");
  assert.deepEqual(rivalRoles("balance", utility, balance).map((r) => r.uri), ["r4"]);
  // one company's statements have none (the comprehensive income statement is no rival)
  const plain = roles(
    "0000002 - Statement - CONSOLIDATED STATEMENTS OF OPERATIONS",
    "0000003 - Statement - CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME",
    "0000004 - Statement - CONSOLIDATED BALANCE SHEETS",
    "0000005 - Statement - CONSOLIDATED BALANCE SHEETS (Parenthetical)",
  );
  assert.deepEqual(rivalRoles("income", plain, chooseRole("income", plain)!), []);
  assert.deepEqual(rivalRoles("balance", plain, chooseRole("balance", plain)!), []);
});

Deno.test("statement roles: a BDC's Statements of Assets and Liabilities is its balance sheet", () => {
  const bdc = roles(
    "0000002 - Statement - Consolidated Statements of Assets and Liabilities",
    "0000003 - Statement - Consolidated Statements of Operations",
    "0000004 - Statement - Consolidated Statements of Changes in Net Assets",
    "0000005 - Statement - Consolidated Statements of Cash Flows",
  );
  assert.equal(chooseRole("balance", bdc)?.uri, "r0");
  assert.equal(chooseRole("income", bdc)?.uri, "r1");
  // a balance sheet still wins where both are named
  const both = roles(
    "0000002 - Statement - Statements of Assets and Liabilities of the Fund",
    "0000003 - Statement - Consolidated Balance Sheets",
  );
  assert.equal(chooseRole("balance", both)?.uri, "r1");
});
