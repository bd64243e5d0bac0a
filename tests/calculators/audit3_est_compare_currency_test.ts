/**
 * estimates.compare across currencies and share bases: a company reporting in CNY whose ADS is
 * three shares has its actual EPS in CNY per share while a consensus may be in USD per ADS;
 * those are 2.4 times apart, below any magnitude check, so the stated currencies and bases
 * decide, and what is not stated is said.
 */
import assert from "node:assert/strict";
import { fails, ok } from "./_calc.ts";

/** The one warning a comparison with no currency stated gets: nothing here checks the currency. */
function onlyUnchecked(warnings: string[]): void {
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0], /^neither side states its currency/);
}

Deno.test("estimates.compare: CNY figures against a USD consensus are refused, naming both", async () => {
  const r = await fails("estimates.compare", {
    symbol: "XYZ",
    eps: 2.0,
    consensus_eps: 0.83,
    revenue: "50B",
    consensus_revenue: "7B",
    currency: "CNY",
    consensus_currency: "USD",
  });
  assert.match(r.error, /your figures are in CNY and the consensus in USD/);
  assert.match(r.error, /convert one side/);
  assert.doesNotMatch(r.error, /Error:|at \w+ \(/); // a message, no stack
});

Deno.test("estimates.compare: pence against pounds is refused; the same currency passes", async () => {
  const pence = await fails("estimates.compare", {
    eps: 45,
    consensus_eps: 0.5,
    currency: "GBp",
    consensus_currency: "GBP",
  });
  assert.match(pence.error, /GBp and the consensus in GBP: one GBp is 0.01 GBP/);
  const same = await ok("estimates.compare", {
    eps: "0.50",
    consensus_eps: 0.45,
    currency: "usd",
    consensus_currency: "USD per share",
    eps_basis: "share",
    consensus_eps_basis: "ordinary",
  });
  assert.equal(same.data.currency, "USD");
  assert.equal(same.data.consensus_currency, "USD");
  assert.equal(same.data.eps_basis, "share");
  assert.equal(same.data.consensus_eps_basis, "share");
  assert.deepEqual(same.warnings, []);
});

Deno.test("estimates.compare: EPS per share against a consensus per ADS is refused", async () => {
  const r = await fails("estimates.compare", {
    eps: 2.0,
    consensus_eps: 6.0,
    currency: "CNY",
    consensus_currency: "CNY",
    eps_basis: "share",
    consensus_eps_basis: "adr",
  });
  assert.match(r.error, /your EPS is per ordinary share and the consensus EPS per ADS/);
});

Deno.test("estimates.compare: one side's currency unstated is said, naming the assumption", async () => {
  const r = await ok("estimates.compare", { eps: 2.0, consensus_eps: 1.9, currency: "CNY" });
  assert.equal(r.data.consensus_currency, null);
  assert.ok(
    r.warnings.some((w) => /consensus's currency is not stated .*assume it is CNY/.test(w)),
    r.warnings.join("\n"),
  );
  const b = await ok("estimates.compare", { eps: 2.0, consensus_eps: 1.9, eps_basis: "ads" });
  assert.ok(
    b.warnings.some((w) => /consensus EPS is not stated per share or per ADS/.test(w)),
    b.warnings.join("\n"),
  );
});

Deno.test("estimates.compare: figures 2.4 times apart with nothing stated are warned", async () => {
  // CNY 2.00 per share against USD 0.83 per ADS (ADS = 3 shares, 7.2 CNY per USD)
  const r = await ok("estimates.compare", { symbol: "XYZ", eps: 2.0, consensus_eps: 0.83 });
  assert.equal(r.data.currency, null);
  assert.ok(
    r.warnings.some((w) =>
      /eps: .*2.4 times apart and neither side states its currency nor what the EPS is per/
        .test(w)
    ),
    r.warnings.join("\n"),
  );
  // revenue in CNY against a USD consensus: 7 times apart
  const rev = await ok("estimates.compare", { revenue: "50B", consensus_revenue: "7B" });
  assert.ok(
    rev.warnings.some((w) => /revenue: .*7.1 times apart .*in two currencies/.test(w)),
    rev.warnings.join("\n"),
  );
  // a usual surprise stays quiet
  const fine = await ok("estimates.compare", { eps: 0.6, consensus_eps: 0.45 });
  onlyUnchecked(fine.warnings);
});

Deno.test("estimates.compare: a currency that is no code is a usage error", async () => {
  const r = await fails("estimates.compare", { eps: 1, consensus_eps: 1, currency: "dollars" });
  assert.match(r.error, /currency.*three-letter currency code/);
});

Deno.test("estimates.compare: RMB is CNY, not a second currency", async () => {
  const r = await ok("estimates.compare", {
    revenue: "1T",
    consensus_revenue: "0.98T",
    currency: "RMB",
    consensus_currency: "CNY",
  });
  assert.equal(r.data.currency, "CNY");
  assert.deepEqual(r.warnings, []);
});

Deno.test("estimates.compare: figures with no finite gap are an input error, not an internal one", async () => {
  const r = await fails("estimates.compare", { revenue: 1e308, consensus_revenue: 1e-308 });
  assert.match(r.error, /revenue 1e\+308 against 1e-308 gives no finite gap/);
  assert.doesNotMatch(r.error, /internal error/);
});

Deno.test("estimates.compare: a listing outside the US with no currency stated is said", async () => {
  // Shell: GBp price, USD reports; a consensus in either, 1.1 times apart in nothing but units
  const r = await ok("estimates.compare", { symbol: "SHEL.L", eps: 3.1, consensus_eps: 2.8 });
  assert.ok(
    r.warnings.some((w) =>
      /SHEL.L is listed outside the US \(\.L\) and neither side states its currency/.test(w)
    ),
    r.warnings.join("\n"),
  );
  // a US share class is no foreign listing; a stated currency settles it
  const brk = await ok("estimates.compare", { symbol: "BRK.B", eps: 3.1, consensus_eps: 2.8 });
  onlyUnchecked(brk.warnings);
  const stated = await ok("estimates.compare", {
    symbol: "SHEL.L",
    eps: 3.1,
    consensus_eps: 2.8,
    currency: "USD",
    consensus_currency: "USD",
  });
  assert.ok(!stated.warnings.some((w) => /outside the US/.test(w)), stated.warnings.join("\n"));
});

Deno.test("estimates.compare: three letters that name no currency are refused, ISO codes and minor units pass", async () => {
  for (const code of ["XXX", "ABC", "EUX"]) {
    const r = await fails("estimates.compare", {
      revenue: "2.2B",
      consensus_revenue: "2.0B",
      currency: code,
      consensus_currency: "USD",
    });
    assert.match(r.error, /argument `currency`: no ISO 4217 currency/);
    assert.match(r.error, new RegExp(`got "${code}"`));
  }
  for (const code of ["usd", "USD", "RMB"]) {
    await ok("estimates.compare", {
      revenue: "2.2B",
      consensus_revenue: "2.0B",
      currency: code,
      consensus_currency: code === "RMB" ? "CNY" : "USD",
    });
  }
  // a minor unit is a currency: refused here only for standing against another one
  const pence = await fails("estimates.compare", {
    eps: 12,
    consensus_eps: 0.12,
    currency: "GBp",
    consensus_currency: "USD",
  });
  assert.match(pence.error, /your figures are in GBp and the consensus in USD/);
});

Deno.test("estimates.compare: gbp is pounds or pence by case alone, so it is refused, not read as GBP", async () => {
  for (const code of ["gbp", "Gbp", "gBP"]) {
    const r = await fails("estimates.compare", {
      eps: 250,
      consensus_eps: 2.6,
      currency: code,
      consensus_currency: "GBP",
    });
    assert.match(r.error, /argument `currency`: .* is GBP \(pounds\) or GBp \(pence\)/);
  }
  // the two spellings that say which remain
  await ok("estimates.compare", {
    eps: 2.5,
    consensus_eps: 2.6,
    currency: "GBP",
    consensus_currency: "GBP",
  });
  // a lower-case major code is echoed upper-cased in a refusal
  const two = await fails("estimates.compare", {
    eps: 2.5,
    consensus_eps: 2.6,
    currency: "usd",
    consensus_currency: "EUR",
  });
  assert.match(two.error, /your figures are in USD and the consensus in EUR/);
});
