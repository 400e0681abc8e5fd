import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";
import { ImportJournal } from "../../packages/core/src/assets/import-journal.ts";

/**
 * What a local start tidies up from the last run, through the real stand-ins on disk: imports a
 * dead process left half-written (rolled back, and said so in the start-up log) and report files
 * sent by link that are over a day old (the cloud bucket's lifecycle rule has no local stand-in).
 */

const dataDir = mkdtempSync(join(tmpdir(), "strata-housekeeping-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Files s3rver keeps for the objects whose key contains `part` (their mtime is the object's LastModified). */
function objectFiles(part: string): string[] {
  const root = join(dataDir, "s3");
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.includes(part))
    .map((f) => join(root, f));
}

describe("a local start", () => {
  it("logs the imports it rolled back and sweeps linked report files older than a day", async () => {
    const first = await startLocalRuntime({ dataDir, examples: false, log: () => {} });
    const { core } = first;
    const file = (name: string) => ({ fileName: name, contentType: "text/csv", bytes: new Uint8Array([7]) });
    const old = await core.reports.fileLinks!.publish(file("old.csv"));
    const recent = await core.reports.fileLinks!.publish(file("recent.csv"));
    // An import that "died" after opening its journal: the next start must roll it back.
    await ImportJournal.open(
      core.deps.meta,
      () => new Date(),
      () => {},
    );
    // The sweep keeps everything younger than a day.
    expect(await core.reports.sweepLinkedFiles()).toBe(0);
    await first.close();

    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    const aged = objectFiles(old.id);
    expect(aged.length).toBeGreaterThan(0);
    for (const f of aged) utimesSync(f, twoDaysAgo, twoDaysAgo);

    const log: string[] = [];
    const second = await startLocalRuntime({ dataDir, examples: false, log: (l) => log.push(l) });
    try {
      expect(log.join("\n")).toMatch(/1 unfinished import\(s\) rolled back/);
      expect(await second.core.deps.meta.members("import-journals")).toEqual([]);
      const results = second.core.deps.results;
      expect(await results.get(`tmp/report-files/${old.id}`)).toBeUndefined();
      expect(await results.get(`tmp/report-files/${old.id}.json`)).toBeUndefined();
      expect(await results.get(`tmp/report-files/${recent.id}`)).toEqual(new Uint8Array([7]));
    } finally {
      await second.close();
    }
  }, 120_000);
});
