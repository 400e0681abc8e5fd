import { homedir, tmpdir } from "node:os";
import { basename } from "node:path";

/**
 * Server paths never reach a client. Engine and IO errors name files by absolute path (a DuckDB
 * file under DATA_DIR, an upload's temporary file, a module under node_modules); those paths tell
 * an attacker where the data lives and who runs the server. Each such path is cut down to its
 * file name, which is all a user needs to act on the error. Paths a user typed elsewhere
 * (`read_csv('/etc/passwd')`) are not server locations and are left as they are.
 */
const roots = new Set<string>();

function addRoot(dir: string | undefined): void {
  const clean = dir?.replace(/\/+$/, "");
  // "/" (or an empty HOME) would make every path a server path.
  if (clean && clean.length > 1) roots.add(clean);
}

for (const dir of [homedir(), tmpdir(), process.cwd(), process.env.DATA_DIR]) addRoot(dir);

/** Adds directories the server uses (the data directory, the examples file's folder). */
export function registerServerPaths(...dirs: (string | undefined)[]): void {
  for (const dir of dirs) addRoot(dir);
}

const PATH = /(?:[A-Za-z]:)?\/[^\s"'`<>(),;]*/g;

export function redactServerPaths(text: string): string {
  return text.replace(PATH, (path) => (isServerPath(path) ? basename(path) || "…" : path));
}

function isServerPath(path: string): boolean {
  if (path.includes("/node_modules/")) return true;
  for (const root of roots) {
    if (path === root || path.startsWith(`${root}/`)) return true;
  }
  return false;
}

/** Redacts every string inside an error body (message, extra fields, nested errors). */
export function redactServerPathsIn<T>(value: T): T {
  if (typeof value === "string") return redactServerPaths(value) as T;
  if (Array.isArray(value)) return value.map(redactServerPathsIn) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactServerPathsIn(v)])) as T;
  }
  return value;
}
