import { ErrorType, type SupersetError } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { estimateAnswered, estimateKey, estimateStarted, keptEstimate } from "./cost-estimates";

const body = { database_id: 1, catalog: null, schema: "main", sql: "SELECT 1", template_params: "" };
const plan = [{ statement: 1, plan: "DUMMY_SCAN" }];
const error: SupersetError = {
  error_type: ErrorType.SYNTAX_ERROR,
  message: "bad",
  level: "error",
  extra: null,
};

describe("cost estimates kept per tab (002 §3)", () => {
  it("depends on the SQL, the database, the schema and the parameters", () => {
    const key = estimateKey(body);
    expect(estimateKey({ ...body })).toBe(key);
    expect(estimateKey({ ...body, sql: "SELECT 2" })).not.toBe(key);
    expect(estimateKey({ ...body, schema: "other" })).not.toBe(key);
    expect(estimateKey({ ...body, template_params: '{"a":1}' })).not.toBe(key);
  });

  it("keeps an estimate under way or answered for the same request, not a failed one", () => {
    const key = estimateKey(body);
    let all = estimateStarted({}, "e1", key);
    expect(all.e1).toEqual({ key, completed: false, cost: null, error: null });
    expect(keptEstimate(all, "e1", key)).toBe(all.e1);
    expect(keptEstimate(all, "e2", key)).toBeUndefined();
    expect(keptEstimate(all, "e1", "other")).toBeUndefined();
    all = estimateAnswered(all, "e1", key, { cost: plan });
    expect(all.e1).toEqual({ key, completed: true, cost: plan, error: null });
    expect(keptEstimate(all, "e1", key)).toBe(all.e1);
    const failed = estimateAnswered(estimateStarted(all, "e1", key), "e1", key, { error });
    expect(failed.e1).toMatchObject({ completed: true, cost: null, error });
    expect(keptEstimate(failed, "e1", key)).toBeUndefined();
  });

  it("drops an answer to a request the tab has replaced", () => {
    const first = estimateStarted({}, "e1", "first");
    const second = estimateStarted(first, "e1", "second");
    expect(estimateAnswered(second, "e1", "first", { cost: plan })).toBe(second);
  });
});
