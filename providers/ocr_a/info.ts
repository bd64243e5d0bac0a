import type { ProviderInfo } from "../../core/provider.ts";
import { lazyImport } from "../../core/lazy.ts";

export const info: ProviderInfo = {
  key: "ocr_a",
  label: "Tesseract OCR (tesseract.js, offline English data; pages rendered with @napi-rs/canvas)",
  aliases: ["tesseract", "ocr"],
  capabilities: ["document_ocr"],
  required_env: [],
  optional_env: [],
  package: "tesseract.js",
  notes: "Fully offline: language data comes from the @tesseract.js-data/eng package.",
  checkPackage: async () =>
    !!(await lazyImport("tesseract.js")) && !!(await lazyImport("@napi-rs/canvas")),
  async probe() {
    await lazyImport("tesseract.js");
    await lazyImport("@napi-rs/canvas");
  },
};
