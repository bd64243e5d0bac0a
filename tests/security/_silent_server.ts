/** Test parties for the servers' cancellation tests: an upstream that never answers. */

/** A party that takes connections and never answers; counts the ones opened and closed. */
export function silentServer() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const state = { opened: 0, closed: 0, conns: [] as Deno.Conn[] };
  (async () => {
    for await (const c of listener) {
      state.opened++;
      state.conns.push(c);
      (async () => {
        const buf = new Uint8Array(4096);
        while ((await c.read(buf).catch(() => null)) !== null) { /* read and never answer */ }
        state.closed++;
      })();
    }
  })();
  return {
    port: (listener.addr as Deno.NetAddr).port,
    state,
    close() {
      listener.close();
      for (const c of state.conns) {
        try {
          c.close();
        } catch { /* closed */ }
      }
    },
  };
}

/** Waits until `check` holds, polling; throws naming `what` after `ms`; the time it took. */
export async function until(what: string, check: () => boolean, ms: number): Promise<number> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return performance.now() - start;
}
