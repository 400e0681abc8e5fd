import { describe, expect, it } from "vitest";
import { sanitizeCss } from "./css";
import { buildSavePayload, normaliseProperties, overwriteDiff } from "./save-rules";
import { sampleLayout } from "./test-layouts";

describe("dashboard save rules (001 §5)", () => {
  it("normalises title, slug, css and certification", () => {
    expect(
      normaliseProperties({ title: "  ", slug: " ", css: null, certifiedBy: "", certificationDetails: "x" }),
    ).toEqual({
      dashboard_title: "[ untitled dashboard ]",
      slug: null,
      css: "",
      certified_by: null,
      certification_details: null,
      owners: [],
    });
    expect(
      normaliseProperties({ title: "T", slug: "t", certifiedBy: "Ann", certificationDetails: "ok" }),
    ).toMatchObject({
      dashboard_title: "T",
      slug: "t",
      certified_by: "Ann",
      certification_details: "ok",
    });
  });

  it("saves the layout (with parents), the header title and the loaded last_modified_time", () => {
    const info = {
      id: 1,
      title: "Old",
      slug: null,
      css: "",
      published: true,
      owners: [{ id: 3 }],
      certifiedBy: null,
      certificationDetails: null,
      lastModifiedTime: 12.5,
      url: "",
    };
    const payload = buildSavePayload(info, sampleLayout(), { color_scheme: "bnbColors" });
    expect(payload.dashboard_title).toBe("Sample");
    expect(payload.owners).toEqual([3]);
    expect(payload.last_modified_time).toBe(12.5);
    expect(JSON.parse(payload.json_metadata)).toEqual({ color_scheme: "bnbColors" });
    const position = JSON.parse(payload.position_json);
    expect(position.DASHBOARD_VERSION_KEY).toBe("v2");
    expect(position["CHART-a"].parents).toEqual(["ROOT_ID", "GRID_ID", "ROW-1"]);
  });

  it("lists css and filter scope differences needing confirmation", () => {
    expect(
      overwriteDiff({ css: "", json_metadata: "{}" }, { css: "", json_metadata: '{"color_scheme":"x"}' }),
    ).toEqual([]);
    const diff = overwriteDiff(
      {
        css: "a{}",
        json_metadata: JSON.stringify({ filter_scopes: { 1: { region: { scope: ["ROOT_ID"] } } } }),
      },
      { css: "b{}", json_metadata: "{}" },
    );
    expect(diff.map((d) => d.key)).toEqual(["css", "json_metadata.filter_scopes"]);
    expect(diff[0]).toEqual({ key: "css", before: "a{}", after: "b{}" });
  });
});

describe("css sanitising", () => {
  it("drops markup, imports and script-bearing constructs, keeps plain rules", () => {
    expect(sanitizeCss(".a { color: red; }")).toBe(".a { color: red; }");
    expect(sanitizeCss("</style><script>alert(1)</script>.a{}")).toBe("alert(1).a{}");
    expect(sanitizeCss("@import url(http://evil/x.css); .b{}")).toBe(" .b{}");
    expect(sanitizeCss(".c{width:expression(alert(1))}")).toBe(".c{width:(alert(1))}");
    expect(sanitizeCss(".d{background:url(javascript:alert(1))}")).toBe(".d{background:url(alert(1))}");
    expect(sanitizeCss(".e{behavior:url(x.htc)}")).toBe(".e{}");
    expect(sanitizeCss(null)).toBe("");
  });
});
