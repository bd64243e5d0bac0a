/**
 * `GET /docs`: a page that renders the adapter's OpenAPI document for people. It is one
 * self-contained HTML file (its own small renderer, no CDN, no package), so it works offline and
 * behind a firewall. The page holds no data: it fetches `/openapi.json` (sending the bearer token
 * when the reader types one) and lists every command by namespace with its arguments, result
 * fields, responses and CLI usage, with a form that sends a request.
 */

/** Headers of the page: nothing may load from elsewhere; requests go to this server only. */
export const DOCS_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fafafa}
header{background:#0b3d63;color:#fff;padding:18px 28px}
header h1{margin:0 0 4px;font-size:22px}
header p{margin:4px 0;max-width:900px}
main{padding:12px 28px 40px;max-width:1100px}
input,textarea,button{font:inherit}
#bar{display:flex;gap:12px;flex-wrap:wrap;margin:14px 0}
#bar input{padding:6px 8px;border:1px solid #bbb;border-radius:4px;min-width:260px}
h2{margin:26px 0 8px;font-size:18px;border-bottom:1px solid #ddd;padding-bottom:4px}
details{background:#fff;border:1px solid #ddd;border-radius:6px;margin:6px 0}
summary{cursor:pointer;padding:8px 12px;list-style:none}
summary::-webkit-details-marker{display:none}
.verb{display:inline-block;background:#1a7f37;color:#fff;border-radius:3px;padding:0 6px;font-size:12px;font-weight:600;margin-right:8px}
.path{font-family:ui-monospace,monospace;font-weight:600}
.sum{color:#555;margin-left:10px}
.body{padding:4px 16px 14px;border-top:1px solid #eee}
table{border-collapse:collapse;width:100%;margin:6px 0 10px}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid #eee;padding:4px 8px;font-size:14px}
th{background:#f3f5f7}
code,pre,.mono{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f3f5f7;padding:8px;border-radius:4px;overflow:auto;max-height:420px;white-space:pre-wrap}
.req{color:#b35900;font-size:12px}
.dep{text-decoration:line-through;color:#888}
ul.tree{margin:2px 0 2px 18px;padding:0}
ul.tree li{list-style:square}
textarea{width:100%;min-height:80px;border:1px solid #bbb;border-radius:4px}
button{padding:5px 14px;border:1px solid #0b3d63;background:#0b3d63;color:#fff;border-radius:4px;cursor:pointer}
.muted{color:#666}
.err{color:#b00020}
`;

// The renderer. Plain script: it builds DOM nodes and sets text, never HTML from the document.
const SCRIPT = `
"use strict";
let doc = null;
let token = "";
const $ = (tag, props, ...kids) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "text") el.textContent = v; else if (k === "cls") el.className = v; else el.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) el.append(kid);
  return el;
};
const refName = (r) => decodeURIComponent(r.split("/").pop());
const resolve = (s) => {
  let seen = 0;
  while (s && s.$ref && seen++ < 20) {
    const parts = s.$ref.replace(/^#\\//, "").split("/").map(decodeURIComponent);
    let node = doc;
    for (const p of parts) node = node && node[p];
    s = node;
  }
  return s || {};
};
function typeText(s, depth) {
  if (!s) return "any";
  if (s.$ref) {
    const t = resolve(s);
    return t.type === "object" ? "object" : typeText(t, depth);
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const alts = s.anyOf || s.oneOf;
  if (alts) return alts.map((a) => typeText(a, depth)).join(" | ");
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (!types.length) return "any";
  return types.map((t) => {
    if (t === "array") return (s.items ? typeText(s.items, depth) : "any") + "[]";
    if (t === "object" && !s.properties && s.additionalProperties && s.additionalProperties !== true) {
      return "map of " + typeText(s.additionalProperties, depth);
    }
    return t;
  }).join(" | ");
}
function argsTable(schema) {
  const s = resolve(schema);
  const props = s.properties || {};
  const required = new Set(s.required || []);
  const names = Object.keys(props);
  if (!names.length) return $("p", { cls: "muted", text: "No arguments: send {}." });
  const table = $("table", {}, $("tr", {}, $("th", { text: "argument" }), $("th", { text: "type" }),
    $("th", { text: "default" }), $("th", { text: "description" })));
  for (const name of names) {
    const p = resolve(props[name]);
    const old = p.deprecated === true;
    table.append($("tr", {},
      $("td", { cls: "mono" }, $("span", { cls: old ? "dep" : "", text: name }),
        required.has(name) ? $("div", { cls: "req", text: "required" }) : null),
      $("td", { cls: "mono", text: typeText(p, 0) }),
      $("td", { cls: "mono", text: p.default === undefined ? "" : JSON.stringify(p.default) }),
      $("td", { text: p.description || "" })));
  }
  return table;
}
function tree(schema, depth) {
  const s = resolve(schema);
  const target = s.type === "array" || (Array.isArray(s.type) && s.type.includes("array")) ? resolve(s.items) : s;
  const alts = target.anyOf || target.oneOf;
  const obj = alts ? resolve(alts.find((a) => resolve(a).properties) || {}) : target;
  const props = obj.properties;
  if (!props || depth > 4) return null;
  const ul = $("ul", { cls: "tree" });
  for (const [name, child] of Object.entries(props)) {
    const c = resolve(child);
    ul.append($("li", {}, $("span", { cls: "mono", text: name + ": " }),
      $("span", { cls: "muted mono", text: typeText(child, depth) }),
      c.description ? $("span", { text: " — " + c.description }) : null, tree(child, depth + 1)));
  }
  return ul;
}
function sample(schema) {
  const s = resolve(schema);
  const out = {};
  for (const name of s.required || []) {
    const p = resolve((s.properties || {})[name]);
    const t = Array.isArray(p.type) ? p.type[0] : p.type;
    out[name] = p.enum ? p.enum[0] : t === "number" || t === "integer" ? 0 : t === "boolean" ? false : t === "array" ? [] : "";
  }
  return JSON.stringify(out, null, 2);
}
function tryIt(path, argsSchema) {
  const area = $("textarea", { spellcheck: "false" });
  area.value = sample(argsSchema);
  const out = $("pre", { text: "" });
  out.hidden = true;
  const send = $("button", { type: "button", text: "Send" });
  send.addEventListener("click", async () => {
    out.hidden = false;
    out.textContent = "…";
    try {
      const headers = { "content-type": "application/json" };
      if (token) headers.authorization = "Bearer " + token;
      const res = await fetch(path, { method: "POST", headers, body: area.value });
      const text = await res.text();
      let shown = text;
      try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (_) { /* not JSON */ }
      out.textContent = "HTTP " + res.status + "\\n" + shown;
    } catch (e) {
      out.textContent = "request failed: " + e;
    }
  });
  return $("div", {}, $("h4", { text: "Try it" }), area, $("p", {}, send), out);
}
function operation(path, op) {
  const cli = op["x-finance-cli"] || {};
  const argsRef = op.requestBody && op.requestBody.content["application/json"].schema;
  const ok = op.responses["200"].content["application/json"].schema;
  const dataRef = ok.oneOf[0].allOf[1].properties.data;
  const responses = $("table", {}, $("tr", {}, $("th", { text: "status" }), $("th", { text: "meaning" })));
  for (const [code, r] of Object.entries(op.responses)) {
    responses.append($("tr", {}, $("td", { cls: "mono", text: code }), $("td", { text: resolve(r).description || "" })));
  }
  const body = $("div", { cls: "body" },
    op.description ? $("p", { text: op.description }) : null,
    cli.usage ? $("p", {}, $("b", { text: "CLI: " }), $("code", { text: cli.usage })) : null,
    $("p", { cls: "muted", text: "Side effects: " + (cli.side_effects || "?") +
      (cli.citation_fields && cli.citation_fields.length ? ". Cite: " + cli.citation_fields.join(", ") : "") }),
    $("h4", { text: "Arguments (JSON body)" }), argsTable(argsRef),
    $("h4", { text: "data (when ok is true)" }), tree(dataRef, 0) || $("p", { cls: "mono", text: typeText(dataRef, 0) }),
    $("h4", { text: "Responses (each an envelope {ok, data, error, warnings})" }), responses,
    tryIt(path, argsRef));
  const details = $("details", { "data-search": (path + " " + (op.summary || "")).toLowerCase() },
    $("summary", {}, $("span", { cls: "verb", text: "POST" }), $("span", { cls: "path", text: path }),
      $("span", { cls: "sum", text: op.summary || "" })), body);
  return details;
}
function render() {
  const info = doc.info || {};
  document.title = (info.title || "API") + " " + (info.version || "");
  document.getElementById("title").textContent = (info.title || "API") + " " + (info.version || "");
  document.getElementById("desc").textContent = info.description || "";
  const server = (doc.servers && doc.servers[0] && doc.servers[0].url) || location.origin;
  document.getElementById("server").textContent = "Server: " + server + " · OpenAPI " + doc.openapi + " · /openapi.json";
  const list = document.getElementById("ops");
  list.textContent = "";
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths || {})) {
    const op = item.post;
    if (!op) continue;
    const tag = (op.tags && op.tags[0]) || "other";
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag).push([path, op]);
  }
  for (const [tag, ops] of byTag) {
    const section = $("section", { "data-tag": tag }, $("h2", { text: tag }));
    for (const [path, op] of ops) section.append(operation(path, op));
    list.append(section);
  }
  filter();
}
function filter() {
  const q = document.getElementById("q").value.trim().toLowerCase();
  for (const section of document.querySelectorAll("section")) {
    let shown = 0;
    for (const d of section.querySelectorAll("details")) {
      const hit = !q || d.dataset.search.includes(q);
      d.hidden = !hit;
      if (hit) shown++;
    }
    section.hidden = shown === 0;
  }
}
async function load() {
  const status = document.getElementById("status");
  const headers = token ? { authorization: "Bearer " + token } : {};
  try {
    const res = await fetch("openapi.json", { headers });
    if (res.status === 401) {
      status.textContent = "This server needs its token: type it above (it stays in this page).";
      status.className = "err";
      return;
    }
    doc = await res.json();
    status.textContent = "";
    render();
  } catch (e) {
    status.textContent = "could not load openapi.json: " + e;
    status.className = "err";
  }
}
document.getElementById("q").addEventListener("input", filter);
document.getElementById("token").addEventListener("change", (e) => { token = e.target.value.trim(); load(); });
load();
`;

/** The page's HTML. */
export function docsPage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>finance API</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1 id="title">finance API</h1>
<p id="desc">Loading the OpenAPI document…</p>
<p id="server" class="mono"></p>
</header>
<main>
<div id="bar">
<input id="q" type="search" placeholder="Filter commands (name or summary)" autocomplete="off">
<input id="token" type="password" placeholder="Bearer token, if the server has one" autocomplete="off">
</div>
<p id="status" class="muted"></p>
<div id="ops"></div>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
