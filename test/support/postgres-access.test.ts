import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertPostgresCanReach, checkPostgresCanReach, firstClosedDirectory } from "./postgres-access.ts";

/** A user that owns nothing here and is in none of its groups, so only the others' bits count. */
const STRANGER = { uid: 54_321, gid: 54_321 };

describe("the check that embedded PostgreSQL can reach its directories", () => {
  let base: string;
  let open: string;
  let closed: string;

  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), "strata-pg-access-"));
    chmodSync(base, 0o755);
    open = join(base, "open");
    closed = join(base, "closed");
    mkdirSync(join(open, "inner"), { recursive: true, mode: 0o755 });
    mkdirSync(join(closed, "inner"), { recursive: true, mode: 0o755 });
    chmodSync(open, 0o755);
    chmodSync(closed, 0o700);
  });

  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it("passes a path whose directories others may enter, including ones not made yet", () => {
    expect(firstClosedDirectory(join(open, "inner", "data"), STRANGER)).toBeUndefined();
    expect(firstClosedDirectory(join(open, "missing", "deeper", "data"), STRANGER)).toBeUndefined();
    expect(() => checkPostgresCanReach([join(open, "inner", "data")], STRANGER)).not.toThrow();
  });

  it("names the first directory others may not enter, and says what to do", () => {
    const data = join(closed, "inner", "data");
    expect(firstClosedDirectory(data, STRANGER)).toBe(closed);
    expect(() => checkPostgresCanReach([join(open, "data"), data], STRANGER)).toThrow(
      `the directory ${closed} is closed to other users. Run \`chmod o+x ${closed}\``,
    );
  });

  it("lets the directory's owner, or its group, in by their own bits", () => {
    const me = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const data = join(closed, "inner", "data");
    expect(firstClosedDirectory(data, { uid: me.uid, gid: STRANGER.gid })).toBeUndefined();
    chmodSync(closed, 0o710);
    try {
      expect(firstClosedDirectory(data, { uid: STRANGER.uid, gid: me.gid })).toBeUndefined();
      expect(firstClosedDirectory(data, STRANGER)).toBe(closed);
    } finally {
      chmodSync(closed, 0o700);
    }
  });

  it("accepts a reachable data directory as whoever runs the tests", async () => {
    await expect(assertPostgresCanReach(join(open, "data"))).resolves.toBeUndefined();
  });
});
