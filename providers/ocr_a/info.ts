import type { ProviderInfo } from "../../core/provider.ts";
import { lazyImport } from "../../core/lazy.ts";

export const info: ProviderInfo = {
  key: "ocr_a",
  label:
    "Tesseract OCR (native tesseract when installed, else tesseract.js with offline English data; pages rendered with @napi-rs/canvas)",
  aliases: ["tesseract", "ocr"],
  capabilities: ["document_ocr"],
  required_env: [],
  optional_env: [{ name: "FINANCE_TESSERACT" }],
  package: "tesseract.js",
  notes:
    "Fully offline. Uses the native `tesseract` binary when it runs (apt-get install tesseract-ocr; FINANCE_TESSERACT names another binary, off forces tesseract.js), else tesseract.js with the @tesseract.js-data/eng package.",
  checkPackage: async () =>
    !!(await lazyImport("tesseract.js")) && !!(await lazyImport("@napi-rs/canvas")),
  async probe() {
    await lazyImport("tesseract.js");
    await lazyImport("@napi-rs/canvas");
  },
};
