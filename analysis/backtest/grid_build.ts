/**
 * Assembles analysis/backtest/grid.wat into grid.wasm (committed, so running a tune needs no
 * assembler): `deno task docs` runs it with the other generated files, and
 * tests/backtest/grid_kernel_test.ts fails when the committed binary is not what the source
 * assembles to. The assembler is wabt's, from npm, loaded only here.
 */
import wabtInit from "wabt";

export const WAT = new URL("./grid.wat", import.meta.url);
export const WASM = new URL("./grid.wasm", import.meta.url);

/** The module's bytes as grid.wat assembles them (no names section, so the bytes are stable). */
export async function assembleGrid(): Promise<Uint8Array> {
  const wabt = await wabtInit();
  const mod = wabt.parseWat("grid.wat", await Deno.readTextFile(WAT));
  try {
    mod.validate();
    return new Uint8Array(mod.toBinary({ write_debug_names: false }).buffer);
  } finally {
    mod.destroy();
  }
}

if (import.meta.main) {
  await Deno.writeFile(WASM, await assembleGrid());
}
