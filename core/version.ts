/**
 * The one version of the package: deno.json, `finance --version`, `/health`, the OpenAPI
 * document and the MCP server all report it (a test compares them).
 */
export const VERSION = "0.1.0";
