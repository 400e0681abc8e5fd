import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiCall, dt, type E2E, logIn, logInAs, startE2E } from "./browser.ts";

/**
 * First use, as a newcomer does it: the "+" entry points (chart, dashboard, upload), the chart
 * picker, and uploading a CSV through to Explore. A user with Alpha's rights, and a Gamma user
 * for what stays hidden.
 */

let e: E2E;
const NEWCOMER = { username: "newcomer", password: "newcomer-password-123" };
const VIEWER = { username: "viewer", password: "viewer-password-123" };

async function createUser(user: { username: string; password: string }, role: string) {
  const roles = await apiCall<{ result: { id: number; name: string }[] }>(
    e,
    "GET",
    "/api/v1/security/roles/?q=(page_size:100)",
  );
  await apiCall(e, "POST", "/api/v1/security/users/", {
    username: user.username,
    first_name: user.username,
    last_name: "User",
    email: `${user.username}@example.com`,
    password: user.password,
    roles: roles.result.filter((r) => r.name === role).map((r) => r.id),
  });
}

async function openNewMenu() {
  await e.page.locator(dt("new-dropdown")).click();
  await e.page
    .locator(dt("new-chart"))
    .or(e.page.locator(dt("new-dashboard")))
    .first()
    .waitFor();
}

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e);
  await createUser(NEWCOMER, "Alpha");
  await createUser(VIEWER, "Gamma");
}, 120_000);
afterAll(async () => {
  await e?.close();
});

describe("create entry points", () => {
  it("the '+' menu offers only what the user may do", async () => {
    await logInAs(e, VIEWER, "/superset/welcome/");
    await openNewMenu();
    // Gamma writes charts and dashboards but has no SQL Lab, upload or database rights.
    for (const shown of ["new-chart", "new-dashboard"])
      await expect(e.page.locator(dt(shown)).isVisible()).resolves.toBe(true);
    for (const hidden of ["new-sql-query", "new-upload-csv", "new-connect-database"])
      await expect(e.page.locator(dt(hidden)).count()).resolves.toBe(0);
    await e.page.keyboard.press("Escape");

    await logInAs(e, NEWCOMER, "/superset/welcome/");
    await openNewMenu();
    for (const shown of [
      "new-chart",
      "new-dashboard",
      "new-upload-csv",
      "new-upload-excel",
      "new-upload-columnar",
    ])
      await expect(e.page.locator(dt(shown)).isVisible()).resolves.toBe(true);
    // Alpha may not connect databases or use SQL Lab (no sql_lab role).
    await expect(e.page.locator(dt("new-connect-database")).count()).resolves.toBe(0);
    await e.page.keyboard.press("Escape");
  });

  it("'+ Chart' opens the picker: a searched dataset and a chart type lead to Explore", async () => {
    await e.page.goto(`${e.url}/chart/list/`);
    await e.page.locator(dt("btn-create-chart")).click();
    await e.page.waitForURL(/\/chart\/add/);
    await e.page.getByRole("heading", { name: "Create a new chart" }).waitFor();
    const create = e.page.locator(dt("chart-add-create"));
    await expect(create.isDisabled()).resolves.toBe(true);

    await e.page.locator(dt("chart-add-dataset")).fill("birth");
    await e.page.getByRole("option", { name: /birth_names/ }).click();
    await e.page.locator(dt("chart-add-viz-search")).fill("table");
    await e.page.locator(dt("viz-type-table")).click();
    await expect(create.isDisabled()).resolves.toBe(false);
    await create.click();

    await e.page.waitForURL(/\/explore\/\?/);
    const url = new URL(e.page.url());
    expect(url.searchParams.get("viz_type")).toBe("table");
    expect(url.searchParams.get("datasource_type")).toBe("table");
    await e.page.locator(dt("explore-page")).waitFor();
    await e.page.getByText("birth_names").first().waitFor();
  });

  it("/explore/ with nothing chosen shows the picker, not an error", async () => {
    await e.page.goto(`${e.url}/explore/`);
    await e.page.locator(dt("chart-creator")).waitFor();
    await e.page.getByRole("heading", { name: "Choose a dataset to explore" }).waitFor();
    await expect(e.page.locator(dt("explore-error")).count()).resolves.toBe(0);
    // The gallery is a chunk of its own: it shows once that is in.
    await e.page.locator(dt("viz-type-echarts_timeseries_line")).waitFor({ state: "visible" });
  });

  it("'+ Dashboard' creates an untitled dashboard and opens it in edit mode", async () => {
    await e.page.goto(`${e.url}/dashboard/list/`);
    await e.page.locator(dt("btn-create-dashboard")).click();
    await e.page.waitForURL(/\/superset\/dashboard\/\d+\/\?edit=true/);
    const first = new URL(e.page.url()).pathname;
    await e.page.locator(dt("dashboard-title")).getByText("[ untitled dashboard ]").waitFor();
    await e.page.locator(dt("header-save-button")).waitFor();
    // And from the navbar: another one, so two exist now.
    await openNewMenu();
    await e.page.locator(dt("new-dashboard")).click();
    await e.page.waitForURL((u) => /\/superset\/dashboard\/\d+\/$/.test(u.pathname) && u.pathname !== first);
    await e.page.locator(dt("header-save-button")).waitFor();
    const all = await apiCall<{ result: { dashboard_title: string }[] }>(
      e,
      "GET",
      "/api/v1/dashboard/?q=(page_size:100)",
    );
    expect(all.result.filter((d) => d.dashboard_title === "[ untitled dashboard ]")).toHaveLength(2);
  });
});

describe("upload a CSV through to Explore", () => {
  it("chooses a file, sees the preview, changes the delimiter, uploads and explores the new dataset", async () => {
    await e.page.goto(`${e.url}/superset/welcome/`);
    await openNewMenu();
    await e.page.locator(dt("new-upload-csv")).click();
    await e.page.locator(dt("upload-file-input")).waitFor();

    await e.page.locator(`${dt("upload-modal")} input[type="file"]`).setInputFiles({
      name: "city_sales.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("city;amount;sold_on\nParis;2.5;2024-01-02\nLyon;NA;2024-02-03\n"),
    });
    const preview = e.page.locator(dt("upload-preview-table"));
    // Read with the default comma, the whole line is one column.
    await preview.getByText("city;amount;sold_on").waitFor();

    await e.page.locator(dt("upload-delimiter")).click();
    await e.page.getByRole("option", { name: "Semicolon (;)" }).click();
    await e.page.locator(dt("upload-null-values")).fill("NA");
    await preview.getByText("Paris", { exact: true }).waitFor();
    await expect(e.page.locator(dt("upload-preview-column")).allInnerTexts()).resolves.toEqual([
      expect.stringContaining("city"),
      expect.stringContaining("amount"),
      expect.stringContaining("sold_on"),
    ]);
    await preview.getByText("2.5", { exact: true }).waitFor();

    await e.page.locator(dt("select-database")).click();
    await e.page
      .getByRole("option", { name: /examples/i })
      .first()
      .click();
    await expect(e.page.locator(dt("upload-table-name")).inputValue()).resolves.toBe("city_sales");
    await expect(
      e.page
        .locator(`${dt("upload-create-dataset")} input`)
        .or(e.page.locator(`input${dt("upload-create-dataset")}`))
        .first()
        .isChecked(),
    ).resolves.toBe(true);
    await e.page.locator(dt("modal-confirm-button")).click();

    await e.page.locator(dt("upload-done")).waitFor();
    await e.page.locator(dt("upload-explore-link")).click();
    await e.page.waitForURL(/\/explore\/\?datasource_type=table&datasource_id=\d+/);
    await e.page.locator(dt("explore-page")).waitFor();
    await e.page.getByText("city_sales").first().waitFor();
    // The dataset holds the rows as parsed: NA as null.
    const id = Number(new URL(e.page.url()).searchParams.get("datasource_id"));
    const samples = await apiCall<{ result: { data: Record<string, unknown>[] } }>(
      e,
      "POST",
      `/datasource/samples?datasource_type=table&datasource_id=${id}`,
      {},
    );
    expect(samples.result.data).toEqual([
      expect.objectContaining({ city: "Paris", amount: 2.5 }),
      expect.objectContaining({ city: "Lyon", amount: null }),
    ]);
  });

  it("offers only the schemas a database allows uploads into, and the file lands there", async () => {
    await logInAs(e, ADMIN, "/superset/welcome/");
    const db = await apiCall<{ id: number }>(e, "POST", "/api/v1/database/", {
      database_name: "Landing zone",
      engine: "duckdb",
      parameters: { path: "landing_zone.duckdb" },
      expose_in_sqllab: true,
      allow_dml: true,
      allow_file_upload: true,
      extra: JSON.stringify({ schemas_allowed_for_file_upload: ["landing"] }),
    });
    await apiCall(e, "POST", "/api/v1/sqllab/execute/", {
      database_id: db.id,
      sql: "CREATE SCHEMA landing",
      client_id: "e2elanding",
    });
    await e.page.goto(`${e.url}/databaseview/list/?upload=csv`);
    await e.page.locator(dt("upload-file-input")).waitFor();
    await e.page.locator(`${dt("upload-modal")} input[type="file"]`).setInputFiles({
      name: "arrivals.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("flight,gate\nAF12,B4\n"),
    });
    await e.page.locator(dt("upload-preview-table")).getByText("AF12").waitFor();
    await e.page.locator(dt("select-database")).click();
    await e.page.getByRole("option", { name: "Landing zone" }).click();
    // The one schema uploads may go to is chosen for the user; "main" is not offered.
    await expect
      .poll(() => e.page.locator(`${dt("select-schema")}`).inputValue(), { timeout: 15_000 })
      .toBe("landing");
    await e.page.locator(dt("select-schema")).click();
    await expect(e.page.getByRole("option", { name: "main", exact: true }).count()).resolves.toBe(0);
    await e.page.keyboard.press("Escape");
    await e.page.locator(dt("modal-confirm-button")).click();
    await e.page.locator(dt("upload-done")).waitFor();
    const q = encodeURIComponent("(schema_name:landing)");
    const tables = await apiCall<{ result: { value: string }[] }>(
      e,
      "GET",
      `/api/v1/database/${db.id}/tables/?q=${q}`,
    );
    expect(tables.result.map((t) => t.value)).toContain("arrivals");
  });
});
