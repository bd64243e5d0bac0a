/**
 * Runs a user's strategy module (see custom.ts for the contract). Works as a Worker (message in,
 * message out) or as a child process (JSON on stdin, JSON on stdout). It imports nothing of
 * the project, so it needs no read access beyond the strategy file.
 */
// deno-lint-ignore-file no-explicit-any

interface Message {
  file: string;
  input: any;
  probeLength: number | null;
}

function slice(input: any, length: number) {
  const cut = (a: number[]) => a.slice(0, length);
  const close: Record<string, number[]> = {};
  const ohlcv: Record<string, any> = {};
  for (const sym of input.symbols) {
    close[sym] = cut(input.close[sym]);
    const o = input.ohlcv[sym];
    ohlcv[sym] = {
      open: cut(o.open),
      high: cut(o.high),
      low: cut(o.low),
      close: close[sym],
      volume: cut(o.volume),
    };
  }
  return { ...input, dates: input.dates.slice(0, length), close, ohlcv };
}

async function call(mod: any, input: any) {
  // Give the module its own copy so it cannot alter what the probe sees.
  const ctx = structuredClone(input);
  if (typeof mod.generateWeights === "function") {
    return { kind: "weights", weights: await mod.generateWeights(ctx) };
  }
  if (typeof mod.generateSignals === "function") {
    const r = await mod.generateSignals(ctx);
    return { kind: "signals", entries: r?.entries, exits: r?.exits };
  }
  throw new Error("the module must export generateWeights(ctx) or generateSignals(ctx)");
}

async function handle(msg: Message) {
  try {
    const mod = await import(new URL(`file://${msg.file}`).href);
    const full = await call(mod, msg.input);
    const probe = msg.probeLength ? await call(mod, slice(msg.input, msg.probeLength)) : null;
    return { ok: true, full, probe };
  } catch (err) {
    // the name apart (NotCapable: a sandbox refusal), so the parent can say it in its own words
    return err instanceof Error
      ? { ok: false, error: `${err.name}: ${err.message}`, name: err.name, message: err.message }
      : { ok: false, error: String(err) };
  }
}

/**
 * JSON has no NaN or Infinity (JSON.stringify writes null, the contract's "no order"): such a
 * number is sent as `{ non_finite: "NaN" }`, so the parent can refuse it instead of reading null.
 */
function nonFinite(_key: string, value: unknown) {
  return typeof value === "number" && !Number.isFinite(value)
    ? { non_finite: String(value) }
    : value;
}

const text = await new Response(Deno.stdin.readable).text();
console.log(JSON.stringify(await handle(JSON.parse(text)), nonFinite));
