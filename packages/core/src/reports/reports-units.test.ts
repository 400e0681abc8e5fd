import { describe, expect, it } from "vitest";
import { escapeHtml, parseCsv } from "./render.ts";
import { checkCrontab, humanizeCrontab, latestDue } from "./schedule-time.ts";
import { isPrivateAddress } from "./webhook.ts";

describe("report schedules", () => {
  it("evaluates a crontab in the report's time zone", async () => {
    const after = Date.parse("2026-01-14T12:00:00Z");
    // 09:00 in Paris is 08:00 UTC in winter and 07:00 UTC in summer.
    expect(
      (await latestDue("0 9 * * *", "Europe/Paris", after, new Date("2026-01-15T08:00:30Z")))?.toISOString(),
    ).toBe("2026-01-15T08:00:00.000Z");
    expect(await latestDue("0 9 * * *", "Europe/Paris", after, new Date("2026-01-15T07:59:59Z"))).toBeNull();
    const july = Date.parse("2026-07-14T12:00:00Z");
    expect(
      (await latestDue("0 9 * * *", "Europe/Paris", july, new Date("2026-07-15T07:00:10Z")))?.toISOString(),
    ).toBe("2026-07-15T07:00:00.000Z");
    // After a long pause only the latest slot runs, and never one from more than a day ago.
    expect((await latestDue("*/5 * * * *", "UTC", 0, new Date("2026-01-15T08:07:00Z")))?.toISOString()).toBe(
      "2026-01-15T08:05:00.000Z",
    );
  });

  it("accepts five fields or a nickname, nothing else", async () => {
    for (const ok of ["0 9 * * 1-5", "*/15 * * * *", "@daily", "0 0 1 1 *"])
      await expect(checkCrontab(ok, "UTC")).resolves.toBeUndefined();
    for (const bad of ["every day", "0 0 9 * * *", "61 * * * *", "* * *", ""])
      await expect(checkCrontab(bad, "UTC"), bad).rejects.toThrow(/not a valid schedule/);
    expect(humanizeCrontab("30 7 * * 1-5")).toBe("At 07:30, Monday through Friday");
    expect(humanizeCrontab("0 * * * *")).toBe("Every hour at minute 0");
  });
});

describe("webhook targets", () => {
  it("knows which addresses are not on the public internet", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::",
      "224.0.0.1",
      "not-an-ip",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe("TEXT rendering", () => {
  it("reads the chart-data CSV back and escapes what goes into HTML", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n,3\r\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["", "3"],
    ]);
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;",
    );
  });
});
