// market.quote the ordinary way, as the library, the HTTP adapter and MCP run it: the runner,
// the command's zod schemas and yahoo-finance2 with its own handshake. No goal: it shows what the
// CLI's direct path (core/fast.ts) leaves out.
// Usage: FINANCE_REPLAY=<yahoo cassette> deno run -A bench/floors/quote_library.ts AAPL
import { finance } from "../../mod.ts";

const r = await finance("market.quote", { symbol: Deno.args[0] ?? "AAPL" });
if (!r.ok) throw new Error(r.error);
console.log(JSON.stringify({ price: r.data.price }));
