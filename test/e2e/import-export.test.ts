import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, startE2E } from "./browser.ts";

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/dashboard/list/?viewMode=table");
});
afterAll(async () => {
  await e?.close();
});

interface DashboardList {
  result: { id: number; dashboard_title: string }[];
}

const birthsRow = () =>
  e.page.locator(dt("table-row")).filter({ has: e.page.getByRole("link", { name: "Births", exact: true }) });

/** Opens the Import modal, picks the file and presses Import. */
async function importFile(file: { name: string; buffer: Buffer }) {
  await e.page.locator(dt("import-button")).click();
  const modal = e.page.locator(dt("import-modal"));
  await modal.locator('input[type="file"]').setInputFiles({ ...file, mimeType: "application/zip" });
  await modal.locator(dt("import-submit")).click();
  return modal;
}

describe("Import and export in Chromium", () => {
  it("exports a dashboard by its row action, imports it back, then overwrites it", async () => {
    await e.page.goto(`${e.url}/dashboard/list/?viewMode=table`);
    await birthsRow().waitFor({ timeout: 15_000 });

    // Export: the row action downloads Superset's ZIP bundle.
    const [download] = await Promise.all([
      e.page.waitForEvent("download"),
      birthsRow().locator(dt("export")).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    // Playwright keeps the download under a random name: import it under the server's name.
    const file = { name: download.suggestedFilename(), buffer: readFileSync(await download.path()) };
    expect(file.buffer.subarray(0, 2).toString("latin1")).toBe("PK");

    // Delete the dashboard, then import the downloaded file through the modal.
    const list = await apiCall<DashboardList>(e, "GET", "/api/v1/dashboard/?q=(page_size:100)");
    const births = list.result.find((d) => d.dashboard_title === "Births");
    expect(births).toBeDefined();
    await apiCall(e, "DELETE", `/api/v1/dashboard/${births?.id}`);
    await e.page.reload();
    // With no dashboard left the list shows its empty state; the table only shows while it loads.
    await e.page
      .locator(`${dt("listview-table")}, ${dt("empty-state")}`)
      .first()
      .waitFor();
    await expect.poll(() => birthsRow().count(), { timeout: 15_000 }).toBe(0);

    const modal = await importFile(file);
    await e.page.locator(dt("toast-success")).filter({ hasText: "Dashboard imported" }).first().waitFor();
    await modal.waitFor({ state: "hidden" });
    await birthsRow().waitFor({ timeout: 15_000 });

    // The same file again: it exists now, so the button turns to Overwrite until OVERWRITE is typed.
    await importFile(file);
    const submit = modal.locator(dt("import-submit"));
    await modal.getByText(/You are importing one or more dashboards that already exist/).waitFor();
    await expect.poll(() => submit.textContent()).toBe("Overwrite");
    expect(await submit.isDisabled()).toBe(true);
    await modal.locator(dt("overwrite-modal-input")).fill("overwrite");
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    // Only a success closes the modal on its own.
    await modal.waitFor({ state: "hidden" });
    await e.page.locator(dt("toast-success")).filter({ hasText: "Dashboard imported" }).first().waitFor();
    await expect.poll(() => birthsRow().count()).toBe(1);
  });
});
