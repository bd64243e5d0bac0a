import type { ProviderInfo } from "../../core/provider.ts";
import { lazyImport } from "../../core/lazy.ts";

export const info: ProviderInfo = {
  key: "pdf_tables_a",
  label: "Table extraction on pdf.js text positions and ruling lines (built in)",
  aliases: ["pdf_tables", "tables"],
  capabilities: ["document_tables"],
  required_env: [],
  optional_env: [],
  package: "pdfjs-dist",
  notes: "stream flavor aligns text columns; lattice flavor reads the PDF's ruling lines.",
  checkPackage: async () => !!(await lazyImport("pdfjs-dist/legacy/build/pdf.mjs")),
  async probe() {
    await lazyImport("pdfjs-dist/legacy/build/pdf.mjs");
  },
};
