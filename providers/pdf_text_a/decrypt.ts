/**
 * The standard security handler of PDF (ISO 32000-2 §7.6.4) with the empty user password, for
 * the preflight's stream count: a PDF that opens without a password but is encrypted (printing
 * or copying restricted, as many investor-relations PDFs are) has every stream encrypted, and
 * counted without decrypting, each Flate stream failed to inflate and counted as the most it
 * could have given: 2,500 pages read as a compression bomb. RC4 (40 to 128 bits), AES-128 and
 * AES-256 (revisions 2 to 6).
 */
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";

const PAD = Uint8Array.from([
  0x28,
  0xbf,
  0x4e,
  0x5e,
  0x4e,
  0x75,
  0x8a,
  0x41,
  0x64,
  0x00,
  0x4e,
  0x56,
  0xff,
  0xfa,
  0x01,
  0x08,
  0x2e,
  0x2e,
  0x00,
  0xb6,
  0xd0,
  0x68,
  0x3e,
  0x80,
  0x2f,
  0x0c,
  0xa9,
  0xfe,
  0x64,
  0x53,
  0x69,
  0x7a,
]);

/** Decrypts the streams of one encrypted PDF. */
export interface StreamDecryptor {
  /** The stream's bytes as its filters read them; null when they cannot be decrypted. */
  decrypt(obj: number, gen: number, data: Uint8Array): Uint8Array | null;
  /** False when /EncryptMetadata is false (the metadata stream is stored in the clear). */
  encryptMetadata: boolean;
}

/** What the file's encryption is, for the preflight. */
export type Encryption =
  | { kind: "none" }
  | { kind: "open"; decryptor: StreamDecryptor }
  | { kind: "password" }
  | { kind: "unknown" };

const hash = (name: string, ...parts: Uint8Array[]) => {
  const h = createHash(name);
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    const si = s[i];
    j = (j + si) & 255;
    const sj = s[j];
    s[i] = sj;
    s[j] = si;
    out[k] = data[k] ^ s[(si + sj) & 255];
  }
  return out;
}

function aesDecrypt(key: Uint8Array, data: Uint8Array): Uint8Array | null {
  if (data.length < 32 || data.length % 16) return null;
  try {
    const d = createDecipheriv(`aes-${key.length * 8}-cbc`, key, data.subarray(0, 16));
    d.setAutoPadding(false);
    const out = new Uint8Array(Buffer.concat([d.update(data.subarray(16)), d.final()]));
    const pad = out[out.length - 1];
    return pad >= 1 && pad <= 16 ? out.subarray(0, out.length - pad) : out;
  } catch {
    return null;
  }
}

/** A PDF string value: `<hex>` or `(literal)` with its escapes. */
function pdfString(src: string, at: number): Uint8Array | null {
  while (/\s/.test(src[at] ?? "")) at++;
  if (src[at] === "<") {
    const end = src.indexOf(">", at);
    if (end < 0) return null;
    const hex = src.slice(at + 1, end).replace(/\s+/g, "");
    const out = new Uint8Array(Math.ceil(hex.length / 2));
    for (let i = 0; i < out.length; i++) {
      out[i] = parseInt((hex.slice(2 * i, 2 * i + 2) + "0").slice(0, 2), 16);
    }
    return out;
  }
  if (src[at] !== "(") return null;
  const out: number[] = [];
  let depth = 1;
  for (let i = at + 1; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") {
      const n = src[++i];
      const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
      if (n in esc) out.push(esc[n]);
      else if (/[0-7]/.test(n)) {
        let oct = n;
        while (oct.length < 3 && /[0-7]/.test(src[i + 1] ?? "")) oct += src[++i];
        out.push(parseInt(oct, 8) & 255);
      } else if (n === "\r") {
        if (src[i + 1] === "\n") i++;
      } else if (n !== "\n") out.push(n.charCodeAt(0) & 255);
      continue;
    }
    if (c === "(") depth++;
    if (c === ")" && --depth === 0) return Uint8Array.from(out);
    out.push(c.charCodeAt(0) & 255);
  }
  return null;
}

function stringOf(dict: string, key: string): Uint8Array | null {
  const m = new RegExp(`/${key}(?![A-Za-z])`).exec(dict);
  return m ? pdfString(dict, m.index + m[0].length) : null;
}

function numberOf(dict: string, key: string): number | null {
  const m = new RegExp(`/${key}\\s+(-?\\d+)`).exec(dict);
  return m ? Number(m[1]) : null;
}

const equal = (a: Uint8Array, b: Uint8Array, n: number) => {
  if (a.length < n || b.length < n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Algorithm 2.B (revision 6) with the empty password. */
function hash2b(salt: Uint8Array, udata: Uint8Array): Uint8Array {
  let k = hash("sha256", salt, udata);
  for (let round = 0;; round++) {
    const k1 = new Uint8Array((k.length + udata.length) * 64);
    for (let i = 0; i < 64; i++) {
      k1.set(k, i * (k.length + udata.length));
      k1.set(udata, i * (k.length + udata.length) + k.length);
    }
    const c = createCipheriv("aes-128-cbc", k.subarray(0, 16), k.subarray(16, 32));
    c.setAutoPadding(false);
    const e = new Uint8Array(Buffer.concat([c.update(k1), c.final()]));
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    k = hash(["sha256", "sha384", "sha512"][sum % 3], e);
    if (round >= 63 && e[e.length - 1] <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
}

/**
 * The encryption `text` (the file read as latin-1) declares in its trailer, and a decryptor for
 * its streams when the empty user password opens it.
 */
export function pdfEncryption(text: string): Encryption {
  const refs = [...text.matchAll(/\/Encrypt\s+(\d+)\s+(\d+)\s+R/g)];
  if (!refs.length) return /\/Encrypt\s*<</.test(text) ? { kind: "unknown" } : { kind: "none" };
  const [, num, gen] = refs[refs.length - 1];
  const at = new RegExp(`(?:^|[^\\d])${num}\\s+${gen}\\s+obj\\b`).exec(text);
  if (!at) return { kind: "unknown" };
  const end = text.indexOf("endobj", at.index);
  const dict = text.slice(at.index, end < 0 ? at.index + 20_000 : Math.min(end, at.index + 20_000));
  if (!/\/Filter\s*\/Standard\b/.test(dict)) return { kind: "unknown" };
  const v = numberOf(dict, "V") ?? 0, r = numberOf(dict, "R") ?? 0;
  const o = stringOf(dict, "O"), u = stringOf(dict, "U"), p = numberOf(dict, "P");
  const encryptMetadata = !/\/EncryptMetadata\s+false/.test(dict);
  if (!o || !u || p === null) return { kind: "unknown" };
  const cfm = /\/CFM\s*\/(\w+)/.exec(dict)?.[1] ?? (v === 4 ? "V2" : v >= 5 ? "AESV3" : "V2");
  const identity = /\/StmF\s*\/Identity\b/.test(dict);
  if (r <= 4 && v >= 1 && v <= 4) {
    const idAt = /\/ID\s*\[/.exec(text.slice(text.lastIndexOf("/ID")));
    const id = idAt ? pdfString(text, text.lastIndexOf("/ID") + idAt.index + idAt[0].length) : null;
    if (!id) return { kind: "unknown" };
    const n = r === 2 ? 5 : Math.max(5, Math.min(16, (numberOf(dict, "Length") ?? 40) / 8));
    const pb = new Uint8Array(4);
    new DataView(pb.buffer).setInt32(0, p, true);
    const extra = r >= 4 && !encryptMetadata ? [Uint8Array.from([255, 255, 255, 255])] : [];
    let key = hash("md5", PAD, o.subarray(0, 32), pb, id, ...extra).subarray(0, n);
    if (r >= 3) { for (let i = 0; i < 50; i++) key = hash("md5", key).subarray(0, n); }
    let opens: boolean;
    if (r === 2) opens = equal(rc4(key, PAD), u, 32);
    else {
      let x = rc4(key, hash("md5", PAD, id));
      for (let i = 1; i <= 19; i++) x = rc4(key.map((b) => b ^ i), x);
      opens = equal(x, u, 16);
    }
    if (!opens) return { kind: "password" };
    const aes = v === 4 && cfm === "AESV2";
    const decryptor: StreamDecryptor = {
      encryptMetadata,
      decrypt(obj, g, data) {
        if (identity) return data;
        const salt = aes ? [Uint8Array.from([0x73, 0x41, 0x6c, 0x54])] : [];
        const objKey = hash(
          "md5",
          key,
          Uint8Array.from([
            obj & 255,
            (obj >> 8) & 255,
            (obj >> 16) & 255,
            g & 255,
            (g >> 8) & 255,
          ]),
          ...salt,
        ).subarray(0, Math.min(n + 5, 16));
        return aes ? aesDecrypt(objKey, data) : rc4(objKey, data);
      },
    };
    return { kind: "open", decryptor };
  }
  if ((r === 5 || r === 6) && v === 5) {
    const ue = stringOf(dict, "UE");
    if (!ue || u.length < 48 || ue.length < 32) return { kind: "unknown" };
    const check = r === 5
      ? hash("sha256", u.subarray(32, 40))
      : hash2b(u.subarray(32, 40), new Uint8Array(0));
    if (!equal(check, u, 32)) return { kind: "password" };
    const inter = r === 5
      ? hash("sha256", u.subarray(40, 48))
      : hash2b(u.subarray(40, 48), new Uint8Array(0));
    const d = createDecipheriv("aes-256-cbc", inter, new Uint8Array(16));
    d.setAutoPadding(false);
    const key = new Uint8Array(Buffer.concat([d.update(ue.subarray(0, 32)), d.final()]));
    const decryptor: StreamDecryptor = {
      encryptMetadata,
      decrypt: (_obj, _g, data) => identity ? data : aesDecrypt(key, data),
    };
    return { kind: "open", decryptor };
  }
  return { kind: "unknown" };
}
