import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { unzipSync, zipSync } from "fflate";

/** A bundle's files by their path inside it ("dashboards/Births_1.yaml"), without the top folder. */
export type Tree = Map<string, Uint8Array>;

/** A member name that stays inside the folder it is written to. */
export function isSafeMemberName(name: string): boolean {
  const parts = name.split("/");
  return (
    name.length > 0 &&
    !name.includes("\\") &&
    !name.includes("\0") &&
    !name.startsWith("/") &&
    !/^[A-Za-z]:/.test(name) &&
    parts.every((p) => p !== ".." && p !== "." && p !== "")
  );
}

/**
 * An export ZIP's files without its `<type>_export_<timestamp>/` folder, so that exporting again
 * writes the same paths and git shows only what changed. Unsafe member names are refused.
 */
export function treeFromZip(zip: Uint8Array): Tree {
  const members = unzipSync(zip);
  const tree: Tree = new Map();
  for (const [name, bytes] of Object.entries(members)) {
    if (name.endsWith("/")) continue;
    const slash = name.indexOf("/");
    const rel = slash > 0 ? name.slice(slash + 1) : name;
    if (!isSafeMemberName(rel)) throw new Error(`The archive holds an unsafe file name: ${name}`);
    tree.set(rel, bytes);
  }
  return tree;
}

/** The tree as a ZIP with one top folder, the layout Superset's import expects. */
export function zipFromTree(tree: Tree, topFolder: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, bytes] of [...tree].sort(([a], [b]) => a.localeCompare(b))) {
    files[`${topFolder}/${name}`] = bytes;
  }
  return zipSync(files, { level: 6 });
}

/** Writes the tree under `dir`, creating folders as needed. */
export async function writeTree(dir: string, tree: Tree): Promise<string[]> {
  const written: string[] = [];
  for (const [name, bytes] of [...tree].sort(([a], [b]) => a.localeCompare(b))) {
    const path = join(dir, ...name.split("/"));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    written.push(name);
  }
  return written;
}

/**
 * The YAML files under `dir` (hidden files and folders such as `.git` skipped), keyed by their
 * path with forward slashes.
 */
export async function readTree(dir: string): Promise<Tree> {
  const tree: Tree = new Map();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !/\.ya?ml$/i.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const rel = relative(dir, path).split(sep).join("/");
    if (rel.split("/").some((part) => part.startsWith("."))) continue;
    tree.set(rel, new Uint8Array(await readFile(path)));
  }
  return tree;
}
