import { describe, expect, it } from "vitest";
import { latestChange } from "./content-version.ts";

describe("a dashboard's content version", () => {
  it("is the latest of its own save and its charts' saves", () => {
    const own = "2026-11-20T10:00:00.000Z";
    expect(latestChange(own, [])).toBe(own);
    expect(latestChange(own, [undefined, "2026-11-19T10:00:00.000Z"])).toBe(own);
    expect(latestChange(own, ["2026-11-21T08:00:00.000Z", "2026-11-22T08:00:00.000Z", undefined])).toBe(
      "2026-11-22T08:00:00.000Z",
    );
    // An unreadable own time gives way to any readable chart time.
    expect(latestChange("", ["2026-11-21T08:00:00.000Z"])).toBe("2026-11-21T08:00:00.000Z");
  });
});
