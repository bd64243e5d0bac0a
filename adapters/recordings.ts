/**
 * Which cassettes a notebook replays: the project's own recordings by default, the real ones in
 * `../shared` when asked for (`FINANCE_NOTEBOOK_SHARED=on`), or an empty cassette so that nothing
 * reaches the network.
 */

/** Which recordings a notebook replays, and why. */
export interface Recordings {
  /** Cassette folders for `finance(..., { replay })`. */
  replay: string[];
  /** "shared" (the real recordings beside the project), "project" (tests/fixtures) or "none". */
  kind: "shared" | "project" | "none";
  /** A sentence for the reader saying what was chosen. */
  note: string;
}

const ROOT = new URL("..", import.meta.url);

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * Picks the cassettes a notebook replays. By default the project's own recordings under
 * `tests/fixtures/` (each a folder holding `index.json`): complete for every playbook step,
 * about fictional companies, so a notebook runs offline with a result in every cell. With
 * `FINANCE_NOTEBOOK_SHARED=on` the real recordings in `../shared/fixtures/cassettes/` beside the
 * project are replayed instead when they exist (they may lack some steps). Never throws.
 */
export function recordings(shared: string[], project: string[] = []): Recordings {
  const root = decodeURIComponent(ROOT.pathname);
  const sharedDirs = shared.map((n) => `${root}../shared/fixtures/cassettes/${n}`);
  const wantShared = /^(on|1|true|yes)$/i.test(Deno.env.get("FINANCE_NOTEBOOK_SHARED") ?? "");
  if (wantShared && sharedDirs.length && sharedDirs.every((d) => isDir(d))) {
    return {
      replay: sharedDirs,
      kind: "shared",
      note: `Replaying the real recordings in ../shared/fixtures/cassettes (${shared.join(", ")}).`,
    };
  }
  const found: string[] = [];
  for (const rel of project) {
    const dir = `${root}tests/fixtures/${rel}`;
    if (isDir(dir)) {
      // A fixture area may hold one cassette or several sub-folders with one each.
      if (isFile(`${dir}/index.json`)) found.push(dir);
      for (const e of safeReadDir(dir)) {
        if (e.isDirectory && isFile(`${dir}/${e.name}/index.json`)) found.push(`${dir}/${e.name}`);
      }
    }
  }
  const missing = wantShared
    ? "The real recordings (../shared/fixtures/cassettes) are missing"
    : "Offline";
  if (found.length) {
    return {
      replay: found,
      kind: "project",
      note: `${missing}: replaying the project's own recordings (${
        found.map((d) => d.slice(root.length)).join(", ")
      }), made by the project about fictional companies and shaped like the real answers. ` +
        "Set FINANCE_NOTEBOOK_SHARED=on to replay the real recordings in ../shared instead.",
    };
  }
  // An empty cassette keeps replay on (no network) while commands that need no provider still run.
  const empty = Deno.makeTempDirSync({ prefix: "finance-empty-cassette-" });
  Deno.writeTextFileSync(
    `${empty}/index.json`,
    JSON.stringify({ version: 1, description: "empty: no recordings", entries: [] }),
  );
  return {
    replay: [empty],
    kind: "none",
    note: `${missing} and the project has no cassettes for ${
      project.join(", ") || "this notebook"
    }; every provider call will report that no recording exists (no network is used).`,
  };
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function safeReadDir(dir: string): Deno.DirEntry[] {
  try {
    return [...Deno.readDirSync(dir)];
  } catch {
    return [];
  }
}
