/**
 * Notebook helpers for the Deno Jupyter kernel: `show(envelope)` renders a result as a readable
 * table with its citations (the same view as the CLI's `--output text`), `figure(svg)` shows a
 * chart as SVG plus a PNG copy, `markdown(text)` writes prose (`escapeMarkdown` for quoted text),
 * `recordings(...)` picks the cassettes a reproducible notebook replays, `cite`/`fmt` format
 * citations and numbers, and the playbooks list the steps of the four research workflows. The
 * chart helpers of `@finance/finance/charts` are re-exported here, so a notebook needs two imports.
 *
 * @example
 * ```ts
 * import { finance } from "@finance/finance";
 * import { figure, show, statementChart, statementSeries } from "@finance/finance/jupyter";
 *
 * const st = await finance("filings.statement", { symbol: "NVDA", statement: "income" });
 * show(st, { title: "NVIDIA income statement" }); // the last expression of a cell is displayed
 * if (st.ok) {
 *   const svg = await statementChart(statementSeries(st.data, ["Revenues"]), {
 *     title: "Revenue",
 *     source: `SEC EDGAR ${st.data.filing.accession_no}`,
 *     asOf: st.data.filing.filing_date,
 *   });
 *   await Deno.jupyter.display(await figure(svg, "NVIDIA revenue")); // SVG plus a PNG copy
 * }
 * ```
 * @module
 */
export {
  type Citation,
  citations,
  cite,
  type Displayable,
  displayable,
  ENVELOPE_MIME,
  escapeMarkdown,
  figure,
  fmt,
  JUPYTER_DISPLAY,
  markdown,
  type MimeBundle,
  type Recordings,
  recordings,
  show,
  showJson,
  type ShowOptions,
} from "./adapters/jupyter.ts";
export { type Playbook, PLAYBOOKS, TRUST_RULES } from "./adapters/playbooks.ts";
export * from "./charts.ts";
