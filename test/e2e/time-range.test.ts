import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, datasetIdOf, dt, type E2E, logIn, startE2E } from "./browser.ts";

let e: E2E;
let sliceId = 0;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/superset/welcome/");
  const datasetId = await datasetIdOf(e, "birth_names");
  const params = {
    viz_type: "table",
    datasource: `${datasetId}__table`,
    query_mode: "aggregate",
    groupby: ["gender"],
    metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "births" }],
    granularity_sqla: "ds",
    time_range: "No filter",
    row_limit: 100,
  };
  sliceId = (
    await apiCall<{ id: number }>(e, "POST", "/api/v1/chart/", {
      slice_name: "E2E births by gender over time",
      viz_type: "table",
      datasource_id: datasetId,
      datasource_type: "table",
      params: JSON.stringify(params),
    })
  ).id;
});
afterAll(async () => {
  await e?.close();
});

const pad = (n: number) => String(n).padStart(2, "0");
const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

describe("time range picker in Chromium", () => {
  it("picks Last quarter: the server's dates show under it and the chart is queried with it", async () => {
    await e.page.goto(`${e.url}/explore/?slice_id=${sliceId}`);
    const rowCount = e.page.locator(dt("row-count"));
    await expect.poll(() => rowCount.textContent(), { timeout: 30_000 }).toBe("2 rows");
    const picker = e.page.locator(dt("control-time_range"));
    await expect
      .poll(() => e.page.locator(dt("control-time_range-resolved")).textContent(), { timeout: 15_000 })
      .toBe("-∞ ≤ col < ∞");

    await picker.click();
    await e.page.locator(dt("control-time_range-range-type")).selectOption("Last");
    await e.page.getByRole("radio", { name: "last quarter" }).check();
    const now = new Date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const since = new Date(today);
    since.setUTCMonth(since.getUTCMonth() - 3);
    // Month arithmetic clamps to the month's end (31 May − 3 months = 28/29 Feb) as the server does.
    if (since.getUTCDate() !== today.getUTCDate()) since.setUTCDate(0);
    const expected = `${day(since)} ≤ col < ${day(today)}`;
    await expect
      .poll(() => e.page.locator(dt("control-time_range-draft-resolved")).textContent(), { timeout: 15_000 })
      .toBe(expected);
    await e.page.locator(dt("control-time_range-apply")).click();
    await expect.poll(() => picker.textContent()).toBe("Last quarter");
    await expect
      .poll(() => e.page.locator(dt("control-time_range-resolved")).textContent(), { timeout: 15_000 })
      .toBe(expected);

    const request = e.page.waitForRequest(
      (r) => r.url().includes("/api/v1/chart/data") && (r.postData() ?? "").includes("Last quarter"),
    );
    await e.page.locator(dt("run-query-button")).click();
    await request;
    // birth_names ends in 2008: nothing falls in the last quarter.
    await expect.poll(() => rowCount.textContent(), { timeout: 30_000 }).toBe("0 rows");
  });

  it("Advanced with a bad expression shows the server's error and cannot be applied", async () => {
    const picker = e.page.locator(dt("control-time_range"));
    await picker.click();
    await e.page.locator(dt("control-time_range-range-type")).selectOption("Advanced");
    await e.page
      .locator(dt("control-time_range-advanced-start"))
      .fill('DATEADD(DATETIME("today"), seven, day)');
    await e.page.locator(dt("control-time_range-advanced-end")).fill("today");
    const error = e.page.locator(dt("control-time_range-draft-error"));
    await expect
      .poll(() => error.textContent(), { timeout: 15_000 })
      .toMatch(/^Unexpected time range: Invalid time expression/);
    expect(await e.page.locator(dt("control-time_range-apply")).isDisabled()).toBe(true);

    // A good expression evaluates and applies.
    await e.page
      .locator(dt("control-time_range-advanced-start"))
      .fill('DATEADD(DATETIME("2008-01-01"), -7, day)');
    await e.page.locator(dt("control-time_range-advanced-end")).fill("2008-01-01");
    await expect
      .poll(() => e.page.locator(dt("control-time_range-draft-resolved")).textContent(), { timeout: 15_000 })
      .toBe("2007-12-25 ≤ col < 2008-01-01");
    await e.page.locator(dt("control-time_range-apply")).click();
    await expect
      .poll(() => picker.textContent())
      .toBe('DATEADD(DATETIME("2008-01-01"), -7, day) : 2008-01-01');
  });

  it("Custom: a relative start and Midnight end, encoded in the time-range language", async () => {
    const picker = e.page.locator(dt("control-time_range"));
    await picker.click();
    await e.page.locator(dt("control-time_range-range-type")).selectOption("Custom");
    await e.page.locator(dt("control-time_range-start-mode")).selectOption("relative");
    await e.page.locator(dt("control-time_range-start-amount")).fill("2");
    await e.page.locator(dt("control-time_range-start-unit")).selectOption("year");
    await e.page.locator(dt("control-time_range-end-mode")).selectOption("midnight");
    await expect
      .poll(() => e.page.locator(dt("control-time_range-draft-resolved")).textContent(), { timeout: 15_000 })
      .toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)? ≤ col < \d{4}-\d{2}-\d{2}$/);
    await e.page.locator(dt("control-time_range-apply")).click();
    await expect.poll(() => picker.textContent()).toBe('DATEADD(DATETIME("now"), -2, year) : today');
  });
  it("Last N units, Previous and No filter: each shows the server's dates and applies in Superset's words", async () => {
    const picker = e.page.locator(dt("control-time_range"));
    const draft = e.page.locator(dt("control-time_range-draft-resolved"));
    const now = new Date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

    await picker.click();
    await e.page.locator(dt("control-time_range-range-type")).selectOption("Last");
    await e.page.getByRole("radio", { name: "last N units" }).check();
    await e.page.locator(dt("control-time_range-last-n")).fill("2");
    await e.page.locator(dt("control-time_range-last-unit")).selectOption("year");
    const twoYearsAgo = new Date(today);
    twoYearsAgo.setUTCFullYear(today.getUTCFullYear() - 2);
    // 29 February minus two years clamps to the 28th, as the server's month arithmetic does.
    if (twoYearsAgo.getUTCDate() !== today.getUTCDate()) twoYearsAgo.setUTCDate(0);
    await expect
      .poll(() => draft.textContent(), { timeout: 15_000 })
      .toBe(`${day(twoYearsAgo)} ≤ col < ${day(today)}`);
    await e.page.locator(dt("control-time_range-apply")).click();
    await expect.poll(() => picker.textContent()).toBe("Last 2 years");

    await picker.click();
    await e.page.locator(dt("control-time_range-range-type")).selectOption("Previous");
    await e.page.getByRole("radio", { name: "previous calendar year" }).check();
    const year = today.getUTCFullYear();
    await expect
      .poll(() => draft.textContent(), { timeout: 15_000 })
      .toBe(`${year - 1}-01-01 ≤ col < ${year}-01-01`);
    await e.page.locator(dt("control-time_range-apply")).click();
    await expect.poll(() => picker.textContent()).toBe("previous calendar year");

    await picker.click();
    await e.page.locator(dt("control-time_range-range-type")).selectOption("No filter");
    await expect.poll(() => draft.textContent(), { timeout: 15_000 }).toBe("-∞ ≤ col < ∞");
    await e.page.locator(dt("control-time_range-apply")).click();
    await expect.poll(() => picker.textContent()).toBe("No filter");
    const request = e.page.waitForRequest(
      (r) => r.url().includes("/api/v1/chart/data") && (r.postData() ?? "").includes("No filter"),
    );
    await e.page.locator(dt("run-query-button")).click();
    await request;
    await expect
      .poll(() => e.page.locator(dt("row-count")).textContent(), { timeout: 30_000 })
      .toBe("2 rows");
  });
});
