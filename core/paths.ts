/**
 * `join`, `dirname` and `resolve` as node:path gives them, for the modules every start loads
 * (configuration, the cache, cassettes). node:path's first import brings in Deno's Node error
 * and assertion layers, about 10 ms of CPU on every start of the CLI, more than a replayed
 * `market.quote` spends on its own work. POSIX rules here; on Windows node:path itself answers.
 * tests/core/paths_test.ts compares both over many paths.
 */
import { lazyImport } from "./lazy.ts";

interface PathApi {
  join(...parts: string[]): string;
  dirname(path: string): string;
  resolve(...parts: string[]): string;
}

const native: PathApi | null = Deno.build.os === "windows"
  ? await lazyImport<PathApi>("node:path")
  : null;

/** Removes `.`, `..` and repeated slashes; keeps a trailing slash when `keepTrailing`. */
function normalize(path: string, keepTrailing: boolean): string {
  if (!path) return ".";
  const absolute = path.startsWith("/");
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (!seg || seg === ".") continue;
    if (seg === "..") {
      if (out.length && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
    } else out.push(seg);
  }
  let text = out.join("/");
  if (!text && !absolute) text = ".";
  if (text && keepTrailing && path.endsWith("/")) text += "/";
  return absolute ? `/${text}` : text;
}

function posixJoin(...parts: string[]): string {
  const joined = parts.filter((p) => p.length > 0).join("/");
  return joined ? normalize(joined, true) : ".";
}

function posixResolve(...parts: string[]): string {
  let path = "";
  for (let i = parts.length - 1; i >= 0 && !path.startsWith("/"); i--) {
    if (parts[i]) path = path ? `${parts[i]}/${path}` : parts[i];
  }
  if (!path.startsWith("/")) path = path ? `${Deno.cwd()}/${path}` : Deno.cwd();
  return normalize(path, false);
}

function posixDirname(path: string): string {
  if (!path) return ".";
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  // the slash before the last segment; only that one slash goes (node:path keeps "a/" of "a//b")
  const cut = path.lastIndexOf("/", end - 1);
  if (cut < 0) return ".";
  if (cut === 0) return "/";
  return cut === 1 && path[0] === "/" ? "//" : path.slice(0, cut);
}

/** node:path's `join`. */
export const join: PathApi["join"] = native ? native.join : posixJoin;
/** node:path's `dirname`. */
export const dirname: PathApi["dirname"] = native ? native.dirname : posixDirname;
/** node:path's `resolve`. */
export const resolve: PathApi["resolve"] = native ? native.resolve : posixResolve;
