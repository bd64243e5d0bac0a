/**
 * The OpenAPI document as clients use it: schemas stored once and referenced, the bearer token
 * declared, every status the adapter really answers listed, `servers` the address it was served
 * from, one version everywhere, a `/docs` page that renders it without anything from elsewhere,
 * CORS only when origins are listed, and a typed client generated from it by openapi-typescript.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { createHandler } from "../../adapters/http.ts";
import { acceptsGzip, openApiDocument, trimSchema } from "../../adapters/openapi.ts";
import { argsJsonSchema, dataJsonSchema } from "../../adapters/jsonschema.ts";
import { loadAllCommands } from "../../commands/registry.ts";
import { VERSION } from "../../core/version.ts";
import { commandNames } from "../../commands/registry.ts";
import { ROOT, testSession } from "../_helpers.ts";

type Json = Record<string, unknown>;
// deno-lint-ignore no-explicit-any
type Loose = any;

const handler = createHandler({ session: testSession(), maxBodyBytes: 2000 });

function call(path: string, init: RequestInit = {}, h = handler) {
  return h(new Request(`http://127.0.0.1:8765${path}`, init));
}

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Every `$ref` in a value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

Deno.test("openapi: schemas live in components and operations refer to them", async () => {
  const doc = await openApiDocument() as Loose;
  const result = await new Validator().validate(structuredClone(doc));
  assert.equal(result.valid, true, JSON.stringify(result.errors ?? null).slice(0, 1000));
  const schemas = doc.components.schemas as Json;
  for (const name of commandNames()) {
    assert.ok(schemas[`${name}.args`], `${name}.args`);
    assert.ok(schemas[`${name}.data`], `${name}.data`);
    const op = doc.paths[`/commands/${name}`].post;
    assert.deepEqual(op.requestBody.content["application/json"].schema, {
      $ref: `#/components/schemas/${name}.args`,
    });
    assert.ok(refs(op.responses["200"]).includes(`#/components/schemas/${name}.data`));
  }
  // operations hold no schema of their own beyond the envelope's oneOf/allOf
  const inline = JSON.stringify(doc.paths).match(/"properties":\{"(?!data")/g) ?? [];
  assert.equal(inline.length, 0, "an operation carries an inline schema");
  // every reference resolves
  for (const r of refs(doc)) {
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(r) ?? [];
    assert.ok(section && doc.components[section]?.[name], `dangling ${r}`);
  }
  // repeated shapes are stored once: at least one shared schema is referred to from two places
  const counts = new Map<string, number>();
  for (const r of refs(doc)) counts.set(r, (counts.get(r) ?? 0) + 1);
  const shared = Object.keys(schemas).filter((n) =>
    !/\.(args|data)$/.test(n) && !["Failure", "Success", "Warnings"].includes(n)
  );
  assert.ok(shared.some((n) => (counts.get(`#/components/schemas/${n}`) ?? 0) >= 2));
});

/** A schema with every `$ref` into components replaced by what it points at. */
function deref(doc: Loose, value: unknown, depth = 0): unknown {
  assert.ok(depth < 40, "a shared schema refers to itself");
  if (Array.isArray(value)) return value.map((v) => deref(doc, v, depth));
  if (!value || typeof value !== "object") return value;
  const target = (value as Json).$ref;
  if (typeof target === "string" && Object.keys(value).length === 1) {
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(target)!;
    return deref(doc, doc.components[section][name], depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deref(doc, v, depth)]));
}

Deno.test("openapi: storing shapes once changes no schema; the size stays in bounds", async () => {
  const doc = await openApiDocument() as Loose;
  // every command's schemas, with the shared ones put back, are exactly its own (trimmed) ones
  for (const def of await loadAllCommands()) {
    const schemas = doc.components.schemas;
    assert.deepEqual(
      deref(doc, schemas[`${def.name}.args`]),
      trimSchema(argsJsonSchema(def), false),
      `${def.name}.args`,
    );
    assert.deepEqual(
      deref(doc, schemas[`${def.name}.data`]),
      trimSchema(dataJsonSchema(def), true),
      `${def.name}.data`,
    );
  }
  // trimming drops only what says nothing about the values a schema allows
  assert.deepEqual(
    trimSchema({
      type: "object",
      propertyNames: { type: "string" },
      additionalProperties: {
        description: "n",
        anyOf: [{ type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 }, {
          type: "null",
        }],
      },
    }, false),
    { type: "object", additionalProperties: { type: ["integer", "null"], description: "n" } },
  );
  assert.deepEqual(
    trimSchema({ anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] }, false),
    { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] },
  );
  assert.deepEqual(
    trimSchema({ type: "object", properties: {}, additionalProperties: false }, false),
    { type: "object", properties: {}, additionalProperties: false },
  );
  // The document as served. Its text is what the commands declare (every description, type and
  // required field; 273 KB when each operation repeated its schemas inline); on the wire it is
  // gzip-compressed for clients that accept it.
  const plain = await call("/openapi.json");
  const text = await plain.text();
  const zipped = await call("/openapi.json", { headers: { "accept-encoding": "br, gzip" } });
  assert.equal(zipped.headers.get("content-encoding"), "gzip");
  assert.equal(zipped.headers.get("vary"), "accept-encoding");
  // nosniff on the document, plain or compressed, as on every other answer
  assert.equal(plain.headers.get("x-content-type-options"), "nosniff");
  assert.equal(zipped.headers.get("x-content-type-options"), "nosniff");
  const wire = new Uint8Array(await zipped.arrayBuffer());
  const unzipped = await new Response(
    new Blob([wire]).stream().pipeThrough(new DecompressionStream("gzip")),
  ).text();
  assert.equal(unzipped, text);
  const bytes = new TextEncoder().encode(text).length;
  console.log(
    `openapi.json: ${(bytes / 1024).toFixed(0)} KB, ${(wire.length / 1024).toFixed(0)} KB gzip, ${
      Object.keys(doc.components.schemas).length
    } schemas`,
  );
  assert.ok(wire.length < 120 * 1024, `${wire.length} bytes gzip-compressed`);
  // Stored once, the schemas stay near the 273 KB the inline document took in 2026-11 although
  // commands have since described more of their data (units, citations, uncertain OCR figures);
  // the budget that matters on the wire is the compressed one above. Raised from 300 to 320 KB
  // at stop 34 (302 KB, 59 KB gzip) for arguments and fields that say currencies, EPS bases,
  // units per cell and gaps in moves: words a caller needs, not repeated schemas. Raised to
  // 340 KB at stop 36 (330 KB, 64 KB gzip) for the provenance every answer now carries
  // (provider, source_urls, retrieved_at, citations on some thirty commands: the contract's
  // trust rules), XBRL dimensions and table offsets. Raised to 370 KB for the request examples
  // (each command's CLI examples as request bodies, once each: 25 KB, 5 KB gzip; 357 KB in all).
  assert.ok(bytes < 370 * 1024, `${bytes} bytes: past the 370 KB budget of the plain document`);
  const refused = await call("/openapi.json", { headers: { "accept-encoding": "gzip;q=0" } });
  assert.equal(refused.headers.get("content-encoding"), null);
  assert.equal(await refused.text(), text);
  assert.equal(acceptsGzip("deflate, gzip;q=0.5"), true);
  assert.equal(acceptsGzip("identity"), false);
  assert.equal(acceptsGzip("*;q=0"), false);
  assert.equal(acceptsGzip("*"), true);
  assert.equal(acceptsGzip(null), false);
});

Deno.test("openapi: bearer token, statuses the adapter answers, servers, one version", async () => {
  const doc = await openApiDocument() as Loose;
  assert.deepEqual(doc.components.securitySchemes.bearer, {
    ...doc.components.securitySchemes.bearer,
    type: "http",
    scheme: "bearer",
  });
  assert.deepEqual(doc.security, [{}, { bearer: [] }]);
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  assert.equal(doc.info.version, config.version);
  assert.equal(VERSION, config.version);
  const health = await (await call("/health")).json();
  assert.equal(health.version, config.version);

  // drive the handler to every status it can answer and find each in the document
  const guarded = createHandler({ session: testSession(), token: "t0ken", maxBodyBytes: 2000 });
  const seen = new Map<number, Response>([
    [200, await post("/commands/formula.cagr", '{"start":100,"end":150,"periods":3}')],
    [400, await post("/commands/formula.cagr", "{nope")],
    [401, await call("/commands/formula.cagr", { method: "POST", body: "{}" }, guarded)],
    [404, await post("/commands/formula.cagrr", "{}")],
    [413, await post("/commands/formula.cagr", JSON.stringify({ x: "y".repeat(5000) }))],
    [415, await post("/commands/formula.cagr", "a=b", { "content-type": "text/plain" })],
    [422, await post("/commands/formula.cagr", '{"begin":100}')],
    [403, await post("/commands/formula.cagr", "{}", { origin: "http://evil.test" })],
    [405, await call("/commands/formula.cagr", {})],
    [421, await post("/commands/formula.cagr", "{}", { host: "evil.test" })],
    [
      503,
      await call("/commands/formula.cagr", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }, createHandler({ session: testSession(), maxConcurrent: 0 })),
    ],
  ]);
  const documented = doc.paths["/commands/formula.cagr"].post.responses;
  for (const [status, res] of seen) {
    assert.equal(res.status, status);
    const env = await res.json();
    assert.equal(env.ok, status === 200, `${status}: ${JSON.stringify(env)}`);
    const entry = documented[String(status)] ?? documented[`${String(status)[0]}XX`];
    assert.ok(entry, `status ${status} is not documented`);
    const description = entry.$ref
      ? doc.components.responses[entry.$ref.split("/").pop()].description
      : entry.description;
    if (status >= 400 && status !== 422) {
      assert.match(description, new RegExp(`${status}`));
    }
  }
  // a command that ran and failed is still 200, ok:false (contract 7.3)
  const failed = await post("/commands/formula.cagr", '{"start":-1,"end":150,"periods":3}');
  assert.equal(failed.status, 200);
  assert.equal((await failed.json()).ok, false);

  // servers is the address the document was fetched from
  const served = await (await handler(new Request("http://10.1.2.3:9999/openapi.json"))).json();
  assert.deepEqual(served.servers.map((s: Json) => s.url), ["http://10.1.2.3:9999"]);
});

Deno.test("/docs: one self-contained page that renders the document, no token needed", async () => {
  const guarded = createHandler({ session: testSession(), token: "t0ken" });
  const page = await call("/docs", {}, guarded);
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type")!, /^text\/html/);
  const csp = page.headers.get("content-security-policy")!;
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /connect-src 'self'/);
  // another site's page cannot frame it and steer clicks on its Send buttons
  assert.match(csp, /frame-ancestors 'none'/);
  const html = await page.text();
  assert.match(html, /fetch\("openapi\.json"/);
  // nothing loads from elsewhere: no external script, style, font or image
  assert.doesNotMatch(html, /<(script|link|img)[^>]+(src|href)=/i);
  assert.doesNotMatch(html, /https?:\/\//);
  // the document itself still needs the token
  assert.equal((await call("/openapi.json", {}, guarded)).status, 401);
  const withToken = await call(
    "/openapi.json",
    { headers: { authorization: "Bearer t0ken" } },
    guarded,
  );
  assert.equal(withToken.status, 200);
  // the page's own script renders every command from the document (in linkedom's DOM)
  const script = /<script>([\s\S]*)<\/script>/.exec(html)![1];
  const { parseHTML } = await import("linkedom");
  const { document } = (parseHTML as unknown as (html: string) => { document: Loose })(html);
  const doc = await (await withToken.clone()).json();
  const fetched: string[] = [];
  const fakeFetch = (url: string) => {
    fetched.push(url);
    return Promise.resolve(Response.json(doc));
  };
  new Function("document", "fetch", "location", script)(document, fakeFetch, {
    origin: "http://127.0.0.1:8765",
  });
  for (let i = 0; i < 50 && !document.querySelectorAll("details").length; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.deepEqual(fetched, ["openapi.json"]);
  assert.equal(document.querySelectorAll("details").length, commandNames().length);
  assert.equal(document.getElementById("title").textContent, `finance command adapter ${VERSION}`);
  const cagr = [...document.querySelectorAll("details")].find((d: Loose) =>
    d.textContent.includes("/commands/formula.cagr")
  );
  assert.match(cagr.textContent, /periods/);
  assert.match(cagr.textContent, /cagr_pct: number/);
  assert.match(cagr.textContent, /422/);
  // arguments stored once for several commands show as if declared in place
  const schemas = doc.components.schemas;
  const target = (r: string) => schemas[r.split("/").pop()!];
  const [command, argument] =
    commandNames().flatMap((name) =>
      Object.entries(schemas[`${name}.args`].properties as Record<string, Json>)
        .filter(([, p]) => typeof p.$ref === "string" && target(p.$ref as string).deprecated)
        .map(([arg, p]) => [name, arg, p.$ref as string])
    )[0] ?? [];
  assert.ok(command, "no deprecated argument is stored as a shared schema");
  const block = [...document.querySelectorAll("details")].find((d: Loose) =>
    d.querySelector("span.path").textContent === `/commands/${command}`
  );
  const shared = target(schemas[`${command}.args`].properties[argument].$ref);
  assert.ok(block.textContent.includes(shared.description), `${command} ${argument}`);
  assert.ok(
    [...block.querySelectorAll("span.dep")].some((s: Loose) => s.textContent === argument),
    `${command}: ${argument} is not shown as deprecated`,
  );
});

Deno.test("CORS: off by default, listed origins only, preflight before the token", async () => {
  const preflight = (h: typeof handler, origin: string) =>
    call("/commands/formula.cagr", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST" },
    }, h);
  const plain = await post("/commands/formula.cagr", '{"start":1,"end":2,"periods":1}', {
    origin: "http://localhost:5173",
  });
  assert.equal(plain.headers.get("access-control-allow-origin"), null);
  assert.equal(
    (await preflight(handler, "http://localhost:5173")).headers.get(
      "access-control-allow-origin",
    ),
    null,
  );

  const open = createHandler({
    session: testSession(),
    token: "t0ken",
    corsOrigins: ["http://localhost:5173"],
  });
  const ok = await preflight(open, "http://localhost:5173");
  assert.equal(ok.status, 204);
  assert.equal(ok.headers.get("access-control-allow-origin"), "http://localhost:5173");
  assert.match(ok.headers.get("access-control-allow-headers")!, /authorization/);
  assert.equal((await preflight(open, "https://evil.example")).status, 403);
  const res = await call("/commands/formula.cagr", {
    method: "POST",
    body: '{"start":1,"end":2,"periods":1}',
    headers: {
      origin: "http://localhost:5173",
      authorization: "Bearer t0ken",
      "content-type": "application/json",
    },
  }, open);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("access-control-allow-origin"), "http://localhost:5173");
  const other = await call("/commands/formula.cagr", {
    method: "POST",
    body: "{}",
    headers: { origin: "https://evil.example", authorization: "Bearer t0ken" },
  }, open);
  assert.equal(other.headers.get("access-control-allow-origin"), null);
  await other.body?.cancel();
});

Deno.test("openapi-typescript generates a client whose types check", async () => {
  const dir = await Deno.makeTempDir({ prefix: "openapi_client_" });
  try {
    await Deno.writeTextFile(join(dir, "openapi.json"), JSON.stringify(await openApiDocument()));
    const gen = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--cached-only",
        "npm:openapi-typescript@7.13.0",
        "openapi.json",
        "-o",
        "client.d.ts",
        // without it, openapi-typescript makes every argument that has a default required
        "--default-non-nullable=false",
      ],
      cwd: dir,
      env: { NO_COLOR: "1" },
    }).output();
    const log = new TextDecoder().decode(gen.stderr) + new TextDecoder().decode(gen.stdout);
    if (!gen.success && /cached-only|not found in cache|Could not find/i.test(log)) {
      console.log("skipped: npm:openapi-typescript@7.13.0 is not in the Deno cache (offline)");
      return;
    }
    assert.ok(gen.success, log);
    await Deno.writeTextFile(
      join(dir, "use.ts"),
      `import type { components, operations, paths } from "./client.d.ts";
type Reply = operations["finance_formula_cagr"]["responses"][200]["content"]["application/json"];
export function pct(r: Reply): number | null {
  return r.ok ? r.data.cagr_pct : null;
}
export const args: components["schemas"]["formula.cagr.args"] = { start: 1, end: 2, periods: 3 };
type Refused = operations["finance_formula_cagr"]["responses"][422]["content"]["application/json"];
export const message = (r: Refused): string => r.error;
type Body<P extends keyof paths> = paths[P]["post"]["requestBody"]["content"]["application/json"];
// only the arguments without a default are needed; a misspelt one is an error
export const statement: Body<"/commands/filings.statement"> = { symbol: "NVDA", statement: "income" };
// @ts-expect-error: statement is one of income, balance, cashflow
export const wrong: Body<"/commands/filings.statement"> = { symbol: "NVDA", statement: "incme" };
// @ts-expect-error: formula.cagr has no argument begin
export const misspelt: Body<"/commands/formula.cagr"> = { begin: 1, end: 2, periods: 3 };
`,
    );
    await Deno.writeTextFile(join(dir, "deno.json"), "{}");
    const check = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--quiet", "use.ts"],
      cwd: dir,
      env: { NO_COLOR: "1" },
    }).output();
    assert.ok(check.success, new TextDecoder().decode(check.stderr));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
