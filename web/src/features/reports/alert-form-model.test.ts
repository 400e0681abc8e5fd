import type { ReportDetail } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { bodyOf, emptyValues, localProblems, valuesOf } from "./alert-form-model";

describe("alert form", () => {
  it("sends an alert's SQL, condition and recipients as Superset's fields", () => {
    const v = {
      ...emptyValues(),
      name: " Too few births ",
      database: { value: 1, label: "examples" },
      sql: "SELECT 1",
      condition: ">" as const,
      threshold: 0,
      emails: "ana@example.com",
      webhook: "https://hooks.example.com/x",
      timezone: "UTC",
    };
    expect(localProblems(v, "Alert")).toEqual({});
    expect(bodyOf(v, "Alert")).toMatchObject({
      type: "Alert",
      name: "Too few births",
      database: 1,
      sql: "SELECT 1",
      validator_type: "operator",
      validator_config_json: { op: ">", threshold: 0 },
      creation_method: "alerts_reports",
      chart: null,
      dashboard: null,
      recipients: [
        { type: "Email", recipient_config_json: { target: "ana@example.com" } },
        { type: "Webhook", recipient_config_json: { target: "https://hooks.example.com/x" } },
      ],
    });
    // An edit keeps where the schedule was made (a chart's menu, a dashboard's…).
    expect(bodyOf(v, "Alert", false)).not.toHaveProperty("creation_method");
    // A report carries no alert fields.
    expect(bodyOf({ ...v, chart: { value: 7, label: "c" } }, "Report")).not.toHaveProperty("sql");
  });

  it("names what is missing before asking the server", () => {
    expect(Object.keys(localProblems(emptyValues(), "Alert")).sort()).toEqual([
      "database",
      "name",
      "recipients",
      "sql",
    ]);
    expect(localProblems({ ...emptyValues(), name: "r", emails: "a@b.co" }, "Report")).toEqual({
      chart: "Must choose either a chart or a dashboard",
    });
  });

  it("reads a stored alert back into the fields", () => {
    const v = valuesOf({
      id: 1,
      type: "Alert",
      name: "A",
      description: null,
      active: false,
      crontab: "0 9 * * *",
      timezone: "UTC",
      owners: [{ id: 1, first_name: "Ana", last_name: "Lee" }],
      database: { id: 2, database_name: "examples" },
      sql: "SELECT 1",
      validator_type: "operator",
      validator_config_json: '{"op":"<=","threshold":3}',
      chart: null,
      dashboard: { id: 3, dashboard_title: "Births" },
      report_format: "PDF",
      recipients: [{ id: 1, type: "Email", recipient_config_json: '{"target":"a@b.co"}' }],
      log_retention: 30,
      working_timeout: 60,
      grace_period: 120,
    } as unknown as ReportDetail);
    expect(v).toMatchObject({
      active: false,
      owners: [{ value: 1, label: "Ana Lee" }],
      database: { value: 2, label: "examples" },
      condition: "<=",
      threshold: 3,
      contentKind: "dashboard",
      dashboard: { value: 3, label: "Births" },
      emails: "a@b.co",
      logRetention: 30,
    });
  });

  it("sends a Slack recipient, checked against what the server offers", () => {
    const v = { ...emptyValues(), name: "r", chart: { value: 7, label: "c" }, slack: "#general" };
    // Without a bot token, channel names can't be reached: the form says so before the server.
    expect(localProblems(v, "Report", { botToken: false }).slack).toMatch(/no Slack bot token/);
    expect(localProblems(v, "Report", { botToken: true })).toEqual({});
    expect(bodyOf(v, "Report").recipients).toEqual([
      { type: "Slack", recipient_config_json: { target: "#general" } },
    ]);
    const stored = valuesOf({
      ...({} as ReportDetail),
      name: "r",
      owners: [],
      recipients: [{ id: 1, type: "SlackV2", recipient_config_json: '{"target":"C0123"}' }],
    } as ReportDetail);
    expect(stored.slack).toBe("C0123");
  });

  it("sends a dashboard report's tab as extra.dashboard.anchor, keeping the rest of extra", () => {
    const dataMask = { "NATIVE_FILTER-1": { filterState: { value: ["boy"] } } };
    const v = valuesOf({
      ...({} as ReportDetail),
      name: "r",
      crontab: "0 9 * * *",
      owners: [],
      recipients: [],
      dashboard: { id: 3, dashboard_title: "Births" },
      extra: { dashboard: { anchor: "TAB-b", dataMask }, note: 1 },
    } as ReportDetail);
    expect(v).toMatchObject({ contentKind: "dashboard", anchor: "TAB-b" });
    // Unchanged, it goes back as it came.
    expect(bodyOf(v, "Report", false).extra).toEqual({ dashboard: { anchor: "TAB-b", dataMask }, note: 1 });
    expect(bodyOf({ ...v, anchor: "TAB-a" }, "Report", false).extra).toEqual({
      dashboard: { anchor: "TAB-a", dataMask },
      note: 1,
    });
    // No tab: the dashboard's first tabs; its filters stay.
    expect(bodyOf({ ...v, anchor: null }, "Report", false).extra).toEqual({
      dashboard: { dataMask },
      note: 1,
    });
    // A chart shows no tab.
    expect(bodyOf({ ...v, contentKind: "chart", chart: { value: 7, label: "c" } }, "Report").extra).toEqual({
      dashboard: { dataMask },
      note: 1,
    });
  });

  it("starts with no tab and an empty extra", () => {
    const v = { ...emptyValues(), contentKind: "dashboard" as const, dashboard: { value: 3, label: "d" } };
    expect(v.anchor).toBeNull();
    expect(bodyOf(v, "Report").extra).toEqual({});
    expect(bodyOf({ ...v, anchor: "TAB-a" }, "Report").extra).toEqual({ dashboard: { anchor: "TAB-a" } });
    // A stored report without extra has no tab.
    expect(
      valuesOf({ ...({} as ReportDetail), name: "r", owners: [], recipients: [] } as ReportDetail).anchor,
    ).toBeNull();
  });
});
