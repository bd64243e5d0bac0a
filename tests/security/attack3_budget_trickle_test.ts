/**
 * The budget of bytes being read at once (FINANCE_MAX_BUFFERED_BYTES) against a server that
 * declares a large Content-Length and then trickles: before, the whole declared length stayed
 * reserved for as long as the trickle lasted, so a few such downloads held the whole budget and
 * every other read failed as "busy". Now a reservation is kept while the body keeps a pace
 * (after a grace time); a read that falls behind holds only what it has really read.
 */
import assert from "node:assert/strict";
import { BufferBudgetExceeded, bufferedBytes, readCapped } from "../../core/transport.ts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A body that sends `first` bytes at once, then nothing until `finish()` sends the rest. */
function trickle(first: number, rest: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new Uint8Array(first).fill(1));
    },
  });
  return {
    body,
    finish() {
      if (rest) controller.enqueue(new Uint8Array(rest).fill(2));
      controller.close();
    },
  };
}

/** A body of `size` bytes in pieces of `piece` every `everyMs`. */
function steady(size: number, piece: number, everyMs: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(c) {
      if (sent >= size) return c.close();
      await wait(everyMs);
      const n = Math.min(piece, size - sent);
      c.enqueue(new Uint8Array(n));
      sent += n;
    },
  });
}

Deno.test("attack3: a trickling body that declared a large length gives back what it does not send", async () => {
  const limit = 1000;
  const slow = trickle(10, 990);
  const opts = { limit, expected: 1000, graceMs: 60, pace: 1000 };
  const reading = readCapped(slow.body, 10_000, opts);
  await wait(20);
  // within the grace the whole declared length is reserved: another declared read is refused
  assert.equal(bufferedBytes(), 1000);
  await assert.rejects(
    readCapped(new Blob([new Uint8Array(500)]).stream(), 10_000, { limit, expected: 500 }),
    BufferBudgetExceeded,
  );
  // past the grace it has sent 10 bytes where the pace asks for more: it holds those 10 alone
  await wait(250);
  assert.equal(bufferedBytes(), 10, "the unread reservation was given back");
  const other = await readCapped(new Blob([new Uint8Array(500)]).stream(), 10_000, {
    limit,
    expected: 500,
  });
  assert.equal(other.length, 500, "another download now has room");
  // the slow read still ends whole when its bytes come and room is left
  slow.finish();
  const got = await reading;
  assert.equal(got.length, 1000);
  assert.equal(bufferedBytes(), 0);
});

Deno.test("attack3: many trickling declared downloads cannot hold the budget past the grace", async () => {
  const limit = 4000;
  const slows = Array.from({ length: 4 }, () => trickle(1, 999));
  const reads = slows.map((t) =>
    readCapped(t.body, 10_000, { limit, expected: 1000, graceMs: 50, pace: 2000 }).catch((e) => e)
  );
  await wait(20);
  assert.equal(bufferedBytes(), 4000, "four reservations fill the budget");
  await wait(250);
  assert.ok(bufferedBytes() <= 4, `held ${bufferedBytes()} bytes after the grace`);
  const fresh = await readCapped(new Blob([new Uint8Array(3000)]).stream(), 10_000, {
    limit,
    expected: 3000,
  });
  assert.equal(fresh.length, 3000);
  for (const t of slows) t.finish();
  await Promise.all(reads);
  assert.equal(bufferedBytes(), 0);
});

Deno.test("attack3: a read that keeps the pace keeps its reservation to the end", async () => {
  const limit = 6000;
  // 100 bytes every 10 ms (about 10 KB/s) against a floor of 1 KB/s after 20 ms
  const reading = readCapped(steady(5000, 100, 10), 10_000, {
    limit,
    expected: 5000,
    graceMs: 20,
    pace: 1000,
  });
  await wait(150);
  assert.equal(bufferedBytes(), 5000, "the reservation is held while the body keeps pace");
  // so a newcomer that does not fit is refused before it starts, not the reserved read half-way
  await assert.rejects(
    readCapped(new Blob([new Uint8Array(2000)]).stream(), 10_000, { limit, expected: 2000 }),
    BufferBudgetExceeded,
  );
  assert.equal((await reading).length, 5000);
  assert.equal(bufferedBytes(), 0);
});
