import { describe, expect, it } from "vitest";
import { draftFromDetail, mergeSyncedColumns, sqlChanged, toPutBody, validateDraft } from "./dataset-draft";
import { testDataset } from "./test-dataset";

describe("dataset draft", () => {
  it("sends the 001 §3 fields; empty cache timeout becomes null", () => {
    const ds = testDataset();
    const body = toPutBody(ds, { ...draftFromDetail(ds), cache_timeout: "" });
    expect(body.cache_timeout).toBeNull();
    expect(body.database_id).toBe(1);
    expect(body.owners).toEqual([1]);
    expect("catalog" in body).toBe(false);
    expect(body.metrics?.[0]).toMatchObject({
      id: 21,
      metric_name: "count",
      expression: "COUNT(*)",
      extra: null,
    });
    expect(body.columns?.map((c) => c.column_name)).toEqual(["ds", "name"]);
  });

  it("sends catalog only when the database allows several", () => {
    const ds = testDataset({
      catalog: "c1",
      database: { id: 1, database_name: "x", allow_multi_catalog: true },
    });
    expect(toPutBody(ds, draftFromDetail(ds)).catalog).toBe("c1");
  });

  it("puts metric certification and warning in extra JSON; id only when numeric", () => {
    const ds = testDataset();
    const draft = draftFromDetail(ds);
    draft.metrics.push({
      ...draft.metrics[0],
      key: "new",
      id: null,
      metric_name: "sum_num",
      expression: "SUM(num)",
      certified_by: "Data team",
      certification_details: "Audited",
      warning_text: "Slow",
      extraBase: {},
    });
    const metric = toPutBody(ds, draft).metrics![1];
    expect("id" in metric).toBe(false);
    expect(JSON.parse(metric.extra!)).toEqual({
      certification: { certified_by: "Data team", details: "Audited" },
      warning_markdown: "Slow",
    });
    expect(metric.warning_text).toBe("Slow");
  });

  it("overrides columns only when the SQL changed", () => {
    const ds = testDataset();
    const draft = draftFromDetail(ds);
    expect(sqlChanged(ds, draft)).toBe(false);
    expect(sqlChanged(ds, { ...draft, sql: "SELECT 1" })).toBe(true);
  });

  it("reports validation errors that keep Save disabled", () => {
    const draft = draftFromDetail(testDataset());
    expect(validateDraft(draft)).toEqual([]);
    draft.metrics.push({ ...draft.metrics[0], key: "dup" });
    draft.metrics.push({ ...draft.metrics[0], key: "empty", metric_name: "x", expression: " " });
    expect(validateDraft(draft)).toEqual([
      "Metric expression is required",
      "Metric name [count] is duplicated",
    ]);
  });

  it("merges synced columns keeping edits", () => {
    const draft = draftFromDetail(testDataset());
    draft.columns[1].verbose_name = "Name";
    const merged = mergeSyncedColumns(draft.columns, [
      { column_name: "name", type: "TEXT" },
      { column_name: "num", type: "BIGINT" },
    ]);
    expect(merged.columns.map((c) => [c.column_name, c.type, c.verbose_name])).toEqual([
      ["name", "TEXT", "Name"],
      ["num", "BIGINT", ""],
    ]);
    expect(merged).toMatchObject({ added: ["num"], removed: ["ds"], modified: ["name"] });
  });
});
