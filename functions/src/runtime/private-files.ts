import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Everything under DATA_DIR is owner-only: it holds the signing secret, every user's password
 * hash and session (dynalite's files), query results (s3rver's), DuckDB databases and uploads.
 *
 * One mechanism for all of them: the process umask becomes 077, so whatever any library creates
 * from now on (leveldown, s3rver, DuckDB, uploads) is 0600/0700 without each writer opting in.
 * Files left readable by an older version are tightened once at start. The umask is process-wide
 * on purpose: the local server is this process. (Worker threads can't change it; there only the
 * tightening applies.)
 */
export function keepDataDirPrivate(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // In a worker thread: not supported; the chmod below still covers what exists.
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

/** Drops group/other bits from a tree, never following symlinks out of it. */
function tighten(path: string): void {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.mode & 0o077) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}
