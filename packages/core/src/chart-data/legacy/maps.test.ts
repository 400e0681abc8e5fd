import { describe, expect, it } from "vitest";
import { findCountry } from "./countries.ts";
import { countryMap, worldMap } from "./maps.ts";
import type { FormData, LegacyContext } from "./viz.ts";

const ctx = (formData: FormData): LegacyContext => ({
  formData,
  fromDttm: null,
  toDttm: null,
  mapboxApiKey: "",
});

describe("world_map", () => {
  const fd = {
    entity: "country_code",
    metric: "sum__SP_POP_TOTL",
    secondary_metric: "sum__SP_RUR_TOTL",
    country_fieldtype: "cca3",
    sort_by_metric: true,
  };

  it("groups by the entity with both metrics, sorted by the first when asked", () => {
    expect(worldMap.query(fd)).toMatchObject({
      columns: ["country_code"],
      metrics: ["sum__SP_POP_TOTL", "sum__SP_RUR_TOTL"],
      orderby: [["sum__SP_POP_TOTL", false]],
    });
    expect(() => worldMap.query({ metric: "count" })).toThrow(/entity/);
  });

  it("resolves countries by the field type, unknown ones as XXX", () => {
    const rows = [
      { country_code: "FRA", sum__SP_POP_TOTL: 10, sum__SP_RUR_TOTL: 2 },
      { country_code: "ZZZ", sum__SP_POP_TOTL: 1, sum__SP_RUR_TOTL: 0 },
    ];
    const data = worldMap.data(rows, ctx(fd)) as Record<string, unknown>[];
    expect(data[0]).toEqual({ country: "FRA", m1: 10, m2: 2, latitude: 46, longitude: 2, name: "France" });
    expect(data[1]).toEqual({ country: "XXX", m1: 1, m2: 0 });
  });

  it("answers m1 only without a secondary metric, and m2 = m1 when they are the same", () => {
    const one = worldMap.data(
      [{ c: "fr", count: 3 }],
      ctx({ entity: "c", metric: "count", country_fieldtype: "cca2" }),
    );
    expect(one).toEqual([expect.objectContaining({ country: "FRA", m1: 3 })]);
    expect((one as Record<string, unknown>[])[0]).not.toHaveProperty("m2");
    const same = worldMap.data(
      [{ c: "France", count: 3 }],
      ctx({ entity: "c", metric: "count", secondary_metric: "count", country_fieldtype: "name" }),
    );
    expect(same).toEqual([expect.objectContaining({ country: "FRA", m1: 3, m2: 3 })]);
  });

  it("reads IOC codes that differ from ISO ones", () => {
    expect(findCountry("cioc", "GER")?.cca3).toBe("DEU");
    expect(findCountry("cioc", "FRA")?.cca3).toBe("FRA");
    expect(findCountry("cioc", "BRN")?.cca3).toBe("BHR");
    expect(findCountry("cca3", "BRN")?.name).toBe("Brunei Darussalam");
  });
});

describe("country_map", () => {
  const fd = { select_country: "france", entity: "DEPT_ID", metric: "avg__2004" };

  it("needs a country, a metric and the ISO column", () => {
    expect(countryMap.query(fd)).toMatchObject({ columns: ["DEPT_ID"], metrics: ["avg__2004"] });
    expect(() => countryMap.query({ ...fd, select_country: "" })).toThrow("Must specify a country");
    expect(() => countryMap.query({ ...fd, metric: null })).toThrow("Must specify a metric");
    expect(() => countryMap.query({ ...fd, entity: undefined })).toThrow("Must provide ISO codes");
  });

  it("answers country_id and metric per region", () => {
    expect(countryMap.data([{ DEPT_ID: "FR-75", avg__2004: 4.5 }], ctx(fd))).toEqual([
      { country_id: "FR-75", metric: 4.5 },
    ]);
    expect(countryMap.data([], ctx(fd))).toBeNull();
  });
});
