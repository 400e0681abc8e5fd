import { describe, expect, it } from "vitest";
import { startMemoryCore } from "../testing/memory-core.ts";

/** Map backgrounds reach the SPA in the page's bootstrap, as Superset's `common.conf.MAPBOX_API_KEY`. */
describe("map settings in the bootstrap", () => {
  it("hands the configured Mapbox key and tile template to the page", async () => {
    const { core, userWithRoles } = await startMemoryCore({
      features: { maps: { mapboxApiKey: "pk.test", tileUrl: "https://tiles.example.test/{z}/{x}/{y}.png" } },
    });
    const boot = core.bootstrap(await userWithRoles("alice", ["Gamma"]));
    expect(boot.common.conf).toMatchObject({
      MAPBOX_API_KEY: "pk.test",
      MAP_TILE_URL: "https://tiles.example.test/{z}/{x}/{y}.png",
    });
  });

  it("sends empty values when none is configured: maps draw the shipped background", async () => {
    const { core, userWithRoles } = await startMemoryCore();
    const boot = core.bootstrap(await userWithRoles("bob", ["Gamma"]));
    expect(boot.common.conf).toMatchObject({ MAPBOX_API_KEY: "", MAP_TILE_URL: "" });
  });
});
