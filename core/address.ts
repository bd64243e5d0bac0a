/**
 * The address decision of the URL guard, made on bytes: every IPv4 or IPv6 spelling (decimal,
 * octal, hex, short forms, mapped, compatible and tunnelled IPv6) is parsed into its bytes, and
 * the bytes are compared with the special-purpose ranges (RFC 6890 and its successors).
 */

/** The parsed bytes of an address literal: 4 for IPv4, 16 for IPv6. */
export type AddressBytes = Uint8Array;

/**
 * Parses an IPv4 literal the way resolvers and the URL standard accept it (inet_aton): one to
 * four dot-separated parts, each decimal, octal (leading 0) or hex (0x); the last part fills the
 * remaining bytes, so `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` are all 127.0.0.1.
 */
export function parseIPv4(text: string): AddressBytes | null {
  const parts = text.replace(/\.$/, "").split(".");
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9]\d*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  const bytes = new Uint8Array(4);
  values.forEach((v, i) => (bytes[i] = v));
  let rest = last;
  for (let i = 3; i >= values.length; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

/** Parses an IPv6 literal (brackets and a zone id allowed) into 16 bytes. */
export function parseIPv6(text: string): AddressBytes | null {
  let t = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  if (!t.includes(":") || !/^[0-9a-f:.]+$/.test(t)) return null;
  const tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(t);
  if (dotted) {
    const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(dotted[2]);
    if (!v4) return null;
    const b = v4.slice(1).map(Number);
    if (b.some((x) => x > 255)) return null;
    tail.push((b[0] << 8) | b[1], (b[2] << 8) | b[3]);
    t = dotted[1].endsWith("::") ? dotted[1] : dotted[1].slice(0, -1);
  }
  const halves = t.split("::");
  if (halves.length > 2) return null;
  const group = (s: string) => (s === "" ? [] : s.split(":"));
  const head = group(halves[0]);
  const after = halves.length === 2 ? group(halves[1]) : [];
  const words: number[] = [];
  for (const g of [...head, ...after]) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
  }
  const given = head.length + after.length + tail.length;
  if (halves.length === 1 && given !== 8) return null;
  if (halves.length === 2 && given > 7) return null;
  words.push(...head.map((g) => parseInt(g, 16)));
  if (halves.length === 2) { for (let i = given; i < 8; i++) words.push(0); }
  words.push(...after.map((g) => parseInt(g, 16)), ...tail);
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}

/** The bytes of an IPv4 or IPv6 literal in any accepted spelling, or null for a name. */
export function parseAddress(text: string): AddressBytes | null {
  const t = text.trim();
  return t.includes(":") || t.startsWith("[") ? parseIPv6(t) : parseIPv4(t);
}

/** Dotted or colon form of parsed bytes (for messages). */
export function formatAddress(bytes: AddressBytes): string {
  if (bytes.length === 4) return bytes.join(".");
  const words = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return words.join(":").replace(/(^|:)0(:0)+(:|$)/, "::").replace(/:{3,}/, "::");
}

/** True when the first `bits` bits of `bytes` equal those of `prefix`. */
function inPrefix(bytes: AddressBytes, prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3, mask = 0x80 >> (i & 7);
    if ((bytes[byte] & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

type Range = [prefix: number[], bits: number, reason: string];

const IPV4_RANGES: Range[] = [
  [[255, 255, 255, 255], 32, "the limited broadcast address"],
  [[0], 8, "unspecified ('this network', 0.0.0.0/8)"],
  [[10], 8, "private (10.0.0.0/8)"],
  [[100, 64], 10, "carrier-grade NAT (100.64.0.0/10)"],
  [[127], 8, "loopback (127.0.0.0/8)"],
  [[169, 254], 16, "link-local, where cloud metadata lives (169.254.0.0/16)"],
  [[172, 16], 12, "private (172.16.0.0/12)"],
  [[192, 0, 0], 24, "IETF protocol assignments (192.0.0.0/24)"],
  [[192, 0, 2], 24, "documentation (192.0.2.0/24)"],
  [[192, 88, 99], 24, "6to4 relay anycast (192.88.99.0/24)"],
  [[192, 168], 16, "private (192.168.0.0/16)"],
  [[198, 18], 15, "benchmarking (198.18.0.0/15)"],
  [[198, 51, 100], 24, "documentation (198.51.100.0/24)"],
  [[203, 0, 113], 24, "documentation (203.0.113.0/24)"],
  [[224], 4, "multicast (224.0.0.0/4)"],
  [[240], 4, "reserved (240.0.0.0/4)"],
];

const IPV6_RANGES: Range[] = [
  [[], 128, "unspecified (::)"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback (::1)"],
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48, "local-use NAT64 (64:ff9b:1::/48)"],
  [[1, 0, 0, 0, 0, 0, 0, 0], 64, "discard-only (100::/64)"],
  [[0x20, 0x01, 0x0d, 0xb8], 32, "documentation (2001:db8::/32)"],
  [[0x20, 0x01, 0, 0x02, 0, 0], 48, "benchmarking (2001:2::/48)"],
  [[0x20, 0x01, 0, 0x10], 28, "ORCHID (2001:10::/28)"],
  [[0x20, 0x01, 0, 0x20], 28, "ORCHIDv2 (2001:20::/28)"],
  [[0x3f, 0xff], 20, "documentation (3fff::/20)"],
  [[0xfc], 7, "unique-local (fc00::/7)"],
  [[0xfe, 0x80], 10, "link-local (fe80::/10)"],
  [[0xfe, 0xc0], 10, "site-local (fec0::/10)"],
  [[0xff], 8, "multicast (ff00::/8)"],
];

/** IPv4 addresses carried inside an IPv6 address, with the name of the carrying form. */
function embeddedIPv4(b: AddressBytes): { form: string; v4: AddressBytes }[] {
  const v4 = (at: number, xor = 0) =>
    Uint8Array.from(b.subarray(at, at + 4), (x) => (x ^ xor) & 0xff);
  const zero = (from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) {
    return [{ form: "IPv4-mapped", v4: v4(12) }];
  }
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) {
    return [{ form: "IPv4-translated", v4: v4(12) }];
  }
  if (zero(0, 12)) return [{ form: "IPv4-compatible", v4: v4(12) }];
  if (inPrefix(b, [0, 0x64, 0xff, 0x9b], 96)) return [{ form: "NAT64", v4: v4(12) }];
  if (b[0] === 0x20 && b[1] === 0x02) return [{ form: "6to4", v4: v4(2) }];
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) {
    // Teredo: server at bits 32-63, client obfuscated (XOR 0xffffffff) in the last 32 bits
    return [
      { form: "Teredo client", v4: v4(12, 0xff) },
      { form: "Teredo server", v4: v4(4) },
    ];
  }
  return [];
}

/**
 * Why an address may not be fetched from a network surface, or null when it is a public
 * unicast address. Takes parsed bytes (4 or 16).
 */
export function refusalReason(bytes: AddressBytes): string | null {
  if (bytes.length === 4) {
    for (const [prefix, bits, reason] of IPV4_RANGES) {
      if (inPrefix(bytes, prefix, bits)) return reason;
    }
    return null;
  }
  if (bytes.length !== 16) return "not an IPv4 or IPv6 address";
  for (const [prefix, bits, reason] of IPV6_RANGES) {
    if (inPrefix(bytes, prefix, bits)) return reason;
  }
  const carried = embeddedIPv4(bytes);
  for (const { form, v4 } of carried) {
    const inner = refusalReason(v4);
    if (inner) return `${form} form of ${formatAddress(v4)}, ${inner}`;
  }
  // mapped, translated and NAT64 forms reach their (public) IPv4 address
  if (carried.length && !carried[0].form.includes("compatible")) return null;
  if (!inPrefix(bytes, [0x20], 3)) return "reserved (outside global unicast 2000::/3)";
  return null;
}

/** Host names that reach the machine itself or a cloud metadata service, whatever DNS says. */
export function refusedName(host: string): string | null {
  const h = host.toLowerCase().replace(/\.+$/, "");
  if (h === "" || h === "localhost" || h.endsWith(".localhost")) return "a local host name";
  if (
    h === "metadata" || h === "metadata.google.internal" || h === "metadata.goog" ||
    h.endsWith(".metadata.goog") || h === "instance-data" || h.startsWith("instance-data.")
  ) return "a cloud metadata host name";
  if (h.endsWith(".internal") || h.endsWith(".local") || h.endsWith(".home.arpa")) {
    return "a private-use domain (.internal, .local, .home.arpa)";
  }
  return null;
}
