/** Query parameters that carry credentials or session tokens: never recorded, logged or keyed. */
export const SECRET_PARAMS = new Set([
  "apikey",
  "api_key",
  "token",
  "crumb",
  "key",
  "secret",
  "password",
  "access_token",
]);

/** The URL with credential parameters removed (for cache keys and cassettes). */
export function stripSecrets(url: string): string {
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAMS.has(name.toLowerCase())) u.searchParams.delete(name);
    }
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return url;
  }
}

/** The URL with credential parameter values replaced by `***` (for messages). */
export function redactUrl(url: string, secrets: string[] = []): string {
  let out = url;
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAMS.has(name.toLowerCase())) u.searchParams.set(name, "***");
    }
    if (u.password) u.password = "***";
    out = u.toString().replace(/%2A%2A%2A/g, "***");
  } catch {
    // not a URL: fall through to value redaction
  }
  return redactValues(out, secrets);
}

/** Replaces every occurrence of a secret value in `text` with `***`. */
export function redactValues(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join("***");
  }
  return out;
}
