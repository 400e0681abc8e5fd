import { zipSync, strToU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { loadYaml, parseYaml, YamlProblem } from "./bundle-yaml.ts";
import { readBundle } from "./import-bundle.ts";
import { migrateChart } from "./viz-migration.ts";

beforeAll(() => loadYaml());

describe("the import's YAML check", () => {
  it("takes keys named constructor and prototype, as the request guard does", () => {
    const value = parseYaml(
      [
        "metadata:",
        "  label_colors:",
        "    constructor: '#f00'",
        "    prototype: '#0f0'",
        "    toString: '#00f'",
        "  constructor: [{prototype: 1}]",
      ].join("\n"),
    ) as { metadata: { label_colors: Record<string, string> } };
    expect(Object.hasOwn(value.metadata.label_colors, "constructor")).toBe(true);
    expect(value.metadata.label_colors.constructor).toBe("#f00");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["a:\n  __proto__:\n    polluted: true\n", '"__proto__"'],
    ["__proto__: 1\n", '"__proto__"'],
    ["a:\n  constructor:\n    prototype:\n      polluted: true\n", '"constructor.prototype"'],
    ['{"constructor": {"prototype": {"polluted": true}}}', '"constructor.prototype"'],
  ])("refuses a prototype path: %j", (text, key) => {
    expect(() => parseYaml(text)).toThrow(YamlProblem);
    expect(() => parseYaml(text)).toThrow(`the key ${key} is not accepted`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a bundle folder named like an Object.prototype member", () => {
  it("is ignored like any unknown folder, not parsed with Object as its schema", () => {
    const zip = zipSync({
      "export/metadata.yaml": strToU8("version: 1.0.0\ntype: Slice\n"),
      "export/constructor/x.yaml": strToU8("slice_name: x\n"),
      "export/toString/x.yaml": strToU8("slice_name: x\n"),
    });
    let error: unknown;
    try {
      readBundle("chart", { name: "export.zip", bytes: zip });
    } catch (e) {
      error = e;
    }
    // Nothing importable is left: the answer is the ordinary "no valid files" 422.
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect(JSON.stringify((error as AppError).body)).toMatch(/No valid import files/);
  });
});

describe("migrateChart", () => {
  it.each(["toString", "constructor", "hasOwnProperty", "valueOf"])(
    "keeps viz_type %s as it is, as any type it does not migrate",
    (vizType) => {
      const params = { viz_type: vizType, metrics: ["count"] };
      expect(migrateChart(vizType, params)).toEqual({ vizType, params });
    },
  );

  it("still migrates legacy types", () => {
    expect(migrateChart("treemap", { viz_type: "treemap" }).vizType).toBe("treemap_v2");
    expect(migrateChart("bar", { viz_type: "bar" }).vizType).toBe("echarts_timeseries_bar");
  });
});
