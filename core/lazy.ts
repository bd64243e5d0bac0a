/**
 * Imports a module only when called. Deno loads every dynamic import whose specifier is a
 * literal while it builds the start-up module graph, so modules that only some calls need
 * (command files, provider clients, pdfjs, tesseract, the MCP SDK) are named through this
 * function, which keeps them out of the start-up cost of a pure calculation.
 */
export function lazyImport<T>(specifier: string | URL): Promise<T> {
  return import(String(specifier));
}
