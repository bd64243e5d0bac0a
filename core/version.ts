/** The package version (deno.json) and the adapter contract version. */
export const VERSION = "0.1.0";
export const CONTRACT_VERSION = "0.1.0b0";
