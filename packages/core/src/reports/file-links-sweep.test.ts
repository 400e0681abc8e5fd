import { describe, expect, it } from "vitest";
import { MemoryResultStore } from "../store/memory-result-store.ts";
import { LINKED_FILE_KEEP_MS, ReportFileLinks } from "./file-links.ts";

const HOUR = 3600_000;

/** The local stand-in for the bucket's `tmp/` lifecycle rule: linked report files go after a day. */
describe("sweeping report files sent by link", () => {
  it("deletes files (and their descriptions) written more than a day ago, and keeps the rest", async () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const results = new MemoryResultStore(() => new Date(now));
    const links = new ReportFileLinks({
      results,
      secret: "s".repeat(40),
      baseUrl: "http://x",
      now: () => now,
    });
    const file = (name: string) => ({ fileName: name, contentType: "text/csv", bytes: new Uint8Array([1]) });

    const old = await links.publish(file("old.csv"));
    now += 20 * HOUR;
    const young = await links.publish(file("young.csv"));
    await results.put("tmp/other/unrelated", "not a report file");
    await results.put("results/kept", "not under tmp/");

    expect(await links.sweep(now)).toBe(0);
    now += 5 * HOUR; // the first file is 25 hours old, the second 5
    expect(await links.sweep()).toBe(2);
    expect(results.keys()).toEqual([
      "results/kept",
      "tmp/other/unrelated",
      `tmp/report-files/${young.id}`,
      `tmp/report-files/${young.id}.json`,
    ]);
    expect(results.keys().some((k) => k.includes(old.id))).toBe(false);
    // Its first link expired after an hour, but the file is still kept: a fresh link opens it.
    const fresh = new URL(links.sign(young.id).url);
    const opened = await links.open(
      young.id,
      fresh.searchParams.get("expires") ?? undefined,
      fresh.searchParams.get("signature") ?? undefined,
    );
    expect(opened.fileName).toBe("young.csv");

    now += LINKED_FILE_KEEP_MS;
    expect(await links.sweep()).toBe(2);
    expect(results.keys()).toEqual(["results/kept", "tmp/other/unrelated"]);
  });
});
