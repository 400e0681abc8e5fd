import { describe, expect, it } from "vitest";
import { LEGACY_VIZ } from "./registry.ts";
import { LEGACY_VIZ_TYPES, loadLegacyViz } from "./viz-types.ts";

describe("LEGACY_VIZ_TYPES", () => {
  it("names exactly the registry's types, and loads their modules", async () => {
    expect([...LEGACY_VIZ_TYPES].sort()).toEqual([...LEGACY_VIZ.keys()].sort());
    expect(await loadLegacyViz("deck_scatter")).toBe(LEGACY_VIZ.get("deck_scatter"));
    expect(await loadLegacyViz("pie")).toBeUndefined();
    expect(await loadLegacyViz("constructor")).toBeUndefined();
  });
});
