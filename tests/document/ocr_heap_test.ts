/**
 * The collection OCR runs before a page (providers/ocr_a/heap.ts): it shrinks a young generation
 * grown by surviving allocations, frees released buffers, and leaves no `gc` global behind.
 */
import assert from "node:assert/strict";
import { getHeapSpaceStatistics } from "node:v8";
import { runInNewContext } from "node:vm";
import { collectBeforePage } from "../../providers/ocr_a/heap.ts";

const young = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.physical_space_size;

Deno.test("ocr heap: a young generation grown at start-up is shrunk before a page", () => {
  // objects that survive scavenges make V8 grow the young generation, as loading modules does
  const kept: unknown[] = [];
  for (let i = 0; i < 2_000_000 && young() <= 8 << 20; i++) kept.push({ i, a: [i] });
  assert.ok(young() > 8 << 20, `the young generation did not grow (${young()} bytes)`);
  collectBeforePage();
  assert.ok(young() <= 4 << 20, `still ${young()} bytes after the collection`);
  assert.ok(kept.length > 0);
});

Deno.test("ocr heap: a released page's buffers are freed before the next page", () => {
  collectBeforePage();
  const before = Deno.memoryUsage().external;
  let images: Uint8Array[] | null = [];
  for (let i = 0; i < 4; i++) images.push(new Uint8Array(4 << 20).fill(i + 1));
  assert.equal(images.length, 4);
  images = null; // the page is done
  collectBeforePage();
  const after = Deno.memoryUsage().external;
  assert.ok(after < before + (2 << 20), `buffers: ${before} bytes before, ${after} after`);
});

Deno.test("ocr heap: no context made after a collection sees a gc global", () => {
  collectBeforePage();
  assert.equal(runInNewContext("typeof gc"), "undefined");
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, "undefined");
});
