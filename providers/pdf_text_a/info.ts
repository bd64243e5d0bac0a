import type { ProviderInfo } from "../../core/provider.ts";
import { lazyImport } from "../../core/lazy.ts";

export const info: ProviderInfo = {
  key: "pdf_text_a",
  label: "pdf.js (pdfjs-dist) text with positions",
  aliases: ["pdfjs", "pdf_text"],
  capabilities: ["document_text", "document_layout", "document_scan"],
  required_env: [],
  optional_env: [],
  package: "pdfjs-dist",
  notes: "Runs in-process, no worker, no network.",
  checkPackage: async () => !!(await lazyImport("pdfjs-dist/legacy/build/pdf.mjs")),
  async probe() {
    await lazyImport("pdfjs-dist/legacy/build/pdf.mjs");
  },
};
