/**
 * Local document paths checked against the access policy (core/access.ts). Apart from it so
 * that building a call's context loads no node:path: its first import costs every CLI start
 * about 5–10 ms (Deno's Node layer), and only commands that read local files need it.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { AccessDenied, type AccessPolicy } from "./access.ts";
import { FinanceError } from "./errors.ts";

// Deno's own file API: node:fs would add its start-up cost.
const realpathSync = (p: string) => Deno.realPathSync(p);

/**
 * Resolves a local document path under the allowed roots and returns its real path.
 * Refuses `..` escapes, symlinks out of a root, /proc, /sys, /dev and anything not a file, and
 * a file over `maxBytes` (said in `limit`'s words when given, else as a document's).
 */
export function checkLocalPath(
  policy: AccessPolicy,
  path: string,
  maxBytes?: number,
  limit?: LocalLimit,
): string {
  if (policy.roots.length === 0 && !policy.readAnywhere) {
    throw new AccessDenied(
      `local file "${path}" refused: this surface reads no local files; set FINANCE_DOCUMENT_ROOTS to the folders it may read`,
    );
  }
  // another scheme (ftp://, s3://) is no local path: "file not found" would send the caller
  // looking for a file
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(path)?.[1];
  if (scheme && !/^(file|https?)$/i.test(scheme)) {
    throw new FinanceError(
      `"${
        path.slice(0, 100)
      }" uses the ${scheme}:// scheme, which is not read: give a local path, a file:// URL or an http(s) URL`,
    );
  }
  const local = path.startsWith("file://") ? fileUrlPath(path) : path;
  const absolute = resolve(isAbsolute(local) ? local : resolve(local));
  const within = (p: string) =>
    policy.readAnywhere || policy.roots.some((root) => {
      const rel = relative(root, p);
      return rel === "" ||
        (!rel.startsWith("..") && !isAbsolute(rel) && !rel.startsWith(`..${sep}`));
    });
  // Outside the folders, refused before the file system is asked: whether such a path exists
  // is not answered, and the folders are not named (a caller on the network learns neither).
  const outside = () =>
    new AccessDenied(
      `local file "${path}" refused: it is outside the folders this surface may read; the operator sets them with FINANCE_DOCUMENT_ROOTS`,
    );
  if (!within(absolute)) throw outside();
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    // a missing file behind a link out of the folders is outside too: "not found" would tell
    // the caller what does not exist out there
    if (!within(nearestReal(absolute))) throw outside();
    throw new FinanceError(
      `file not found: ${path}; check the path (a relative one is read from the folder finance was started in), or give the document's http(s) URL`,
    );
  }
  if (/^\/(proc|sys|dev)(\/|$)/.test(real)) {
    throw new AccessDenied(`local file "${path}" refused: system paths are never read`);
  }
  // a link inside the folders pointing out of them
  if (!within(real)) throw outside();
  const info = Deno.statSync(real);
  if (info.isDirectory) throw new FinanceError(`"${path}" is a directory, not a document`);
  if (!info.isFile) throw new AccessDenied(`"${path}" is not a regular file`);
  if (maxBytes !== undefined && info.size > maxBytes) {
    throw new FinanceError(
      limit
        ? `"${path}" is ${info.size} bytes, over the ${maxBytes}-byte limit of ${limit.what}; ${limit.fix}`
        : `"${path}" is ${info.size} bytes, over the ${maxBytes}-byte limit; raise FINANCE_MAX_DOCUMENT_BYTES to read it`,
    );
  }
  return real;
}

/**
 * The local path a `file://` URL names. A URL that does not parse (`file://%2Ftmp%2F…`, an
 * escape that is no character) was an unexpected exception, answered as an internal error; a
 * URL naming another machine (`file://server/share/x`) was read as a path on this one.
 */
function fileUrlPath(path: string): string {
  const how = "give a path, or a file URL of this machine: file:///absolute/path";
  let url: URL;
  let local: string;
  try {
    url = new URL(path);
    local = decodeURIComponent(url.pathname);
  } catch {
    throw new FinanceError(`"${path}" is not a valid file URL; ${how}`);
  }
  if (url.hostname !== "" && url.hostname !== "localhost") {
    throw new AccessDenied(
      `local file "${path}" refused: the URL names the host ${url.hostname}, and only this machine's files are read; ${how}`,
    );
  }
  if (local.includes("\0")) throw new FinanceError(`"${path}" holds a NUL character; ${how}`);
  return local;
}

/**
 * The real path of the nearest ancestor of `path` that exists, links resolved, a dangling link
 * followed to where it points (at most 40 links, as the system follows).
 */
export function nearestReal(path: string): string {
  let p = path;
  for (let hops = 0; hops < 40;) {
    try {
      return realpathSync(p);
    } catch {
      let target: string | null = null;
      try {
        target = Deno.readLinkSync(p);
      } catch {
        // not a link: its parent, then
      }
      if (target !== null) {
        p = resolve(dirname(p), target);
        hops++;
        continue;
      }
      const up = dirname(p);
      if (up === p) return p;
      p = up;
    }
  }
  return p;
}

const CHUNK = 1 << 16;

/** What a file over readLocal's limit is called, and what to do about it. */
export interface LocalLimit {
  /** The kind of file the limit is for ("a transcript file", "a document"). */
  what: string;
  /** What to do about a file over it ("read a smaller file", a setting to raise). */
  fix: string;
}

const ANY_FILE: LocalLimit = { what: "a local file", fix: "read a smaller file" };

/**
 * Reads a local file that checkLocalPath passed, opening it once and checking the open file:
 * a path swapped (for a link, a FIFO, another file) or a file grown after the check is never
 * read past the limit. Non-blocking so a FIFO put in its place cannot hold the call; at most
 * `maxBytes` + 1 bytes are read, the one more telling a file over the limit. `shown` is the
 * path as the caller gave it, for messages.
 */
export function readLocalBytes(
  path: string,
  shown: string,
  maxBytes: number,
  limit: LocalLimit = ANY_FILE,
): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    throw new FinanceError(
      `${shown} could not be opened (it was moved, replaced by a link, or is not readable since it was checked): check the file and run the command again`,
    );
  }
  try {
    if (!fstatSync(fd).isFile()) throw new AccessDenied(`"${shown}" is not a regular file`);
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = new Uint8Array(Math.min(CHUNK, maxBytes + 1 - total));
      const got = readSync(fd, chunk, 0, chunk.length, null);
      if (got === 0) break;
      chunks.push(chunk.subarray(0, got));
      total += got;
      if (total > maxBytes) {
        throw new FinanceError(
          `"${shown}" is over the ${maxBytes}-byte limit of ${limit.what} (it may have grown after it was checked); ${limit.fix}`,
        );
      }
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/**
 * readLocalBytes as UTF-8 text, decoded as readFileSync(path, "utf8") decodes it: a byte-order
 * mark stays, so character offsets match the file's.
 */
export function readLocal(
  path: string,
  shown: string,
  maxBytes: number,
  limit: LocalLimit = ANY_FILE,
): string {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    readLocalBytes(path, shown, maxBytes, limit),
  );
}
