/**
 * A server that answers with something that is not HTTP. Deno's fetch fails with a bare
 * TypeError "fetch failed", its own words (and the URL, key and all) in `cause`; the message a
 * user got was "internal error: TypeError: fetch failed": no URL, no reason, nothing to do. Now
 * it names the URL without its credentials or query, says the answer is not valid HTTP (or the
 * connection was refused) and what to check. The servers are on loopback.
 */
import assert from "node:assert/strict";
import { describeError, fetchFailure } from "../../core/errors.ts";

/** A raw TCP server answering every connection with `answer`, then closing. */
function hostile(answer: string) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  (async () => {
    for await (const conn of listener) {
      (async () => {
        try {
          await conn.read(new Uint8Array(8192));
          await conn.write(new TextEncoder().encode(answer));
        } catch { /* the client hung up */ }
        try {
          conn.close();
        } catch { /* closed */ }
      })();
    }
  })().catch(() => {});
  return { port: (listener.addr as Deno.NetAddr).port, close: () => listener.close() };
}

/** What fetch throws for `url`. */
async function thrown(url: string): Promise<unknown> {
  try {
    const res = await fetch(url);
    await res.body?.cancel();
  } catch (err) {
    return err;
  }
  throw new Error(`fetch of ${url} did not fail`);
}

const ANSWERS = {
  "not HTTP": "SSH-2.0-OpenSSH_9.0\r\n",
  "two Content-Lengths": "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\nhello",
};

Deno.test("attack4: a malformed answer is told as such, naming the URL without its key", async () => {
  for (const [what, answer] of Object.entries(ANSWERS)) {
    const server = hostile(answer);
    try {
      const err = await thrown(`http://user:pw@127.0.0.1:${server.port}/report.pdf?apikey=S3CRET`);
      const text = describeError(err);
      assert.doesNotMatch(text, /internal error|^fetch failed$/, what);
      assert.match(text, /not valid HTTP \(invalid [A-Za-z -]+ parsed\)/, `${what}: ${text}`);
      assert.ok(text.includes(`http://127.0.0.1:${server.port}/report.pdf?…`), `${what}: ${text}`);
      assert.match(text, /check the URL and port/, what);
      assert.doesNotMatch(text, /S3CRET|apikey|pw@|hello/, what);
      const f = fetchFailure(err)!;
      assert.equal(f.malformed, true);
      assert.equal(f.retry, false, "the same answer would come again");
    } finally {
      server.close();
    }
  }
});

Deno.test("attack4: a refused connection is told as refused, not as a bare fetch failure", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const text = describeError(await thrown(`http://127.0.0.1:${port}/x?token=S3CRET`));
  assert.match(text, /^the connection to http:\/\/127\.0\.0\.1:\d+\/x\?… was refused/);
  assert.match(text, /check the host and port/);
  assert.doesNotMatch(text, /S3CRET/);
  // any other error is told as before
  assert.equal(
    describeError(new TypeError("x is not a function")),
    "internal error: TypeError: x is not a function",
  );
  assert.equal(fetchFailure(new Error("fetch failed")), null);
});

Deno.test("attack4: a cause with no reason after its URL does not show the URL's key", () => {
  const err = new TypeError("fetch failed", {
    cause: new Error("error sending request for url (http://h.example/a?apikey=S3CRET)"),
  });
  const text = describeError(err);
  assert.doesNotMatch(text, /S3CRET/);
  assert.match(text, /http:\/\/h\.example\/a\?…/);
});

Deno.test("document.read from the CLI's library of a server that answers no HTTP says so, once, without retrying", async () => {
  const { finance } = await import("../../mod.ts");
  let connections = 0;
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  (async () => {
    for await (const conn of listener) {
      connections++;
      (async () => {
        try {
          await conn.read(new Uint8Array(8192));
          await conn.write(new TextEncoder().encode("SSH-2.0-OpenSSH_9.6\r\n"));
        } catch { /* the client hung up */ }
        try {
          conn.close();
        } catch { /* closed */ }
      })();
    }
  })().catch(() => {});
  try {
    const port = (listener.addr as Deno.NetAddr).port;
    const env = await finance("document.read", {
      source: `http://127.0.0.1:${port}/report.htm?apikey=sekrit`,
    } as never);
    assert.equal(env.ok, false);
    const text = JSON.stringify(env.error);
    assert.match(text, /not valid HTTP/, text);
    assert.doesNotMatch(text, /offline or unreachable|attempts/, text);
    assert.doesNotMatch(text, /sekrit/);
    assert.equal(connections, 1, "a malformed answer is not asked for again");
  } finally {
    listener.close();
  }
});
