import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dt, type E2E, logIn, startE2E } from "./browser.ts";
import { pickExamplesDatabase, typeSql } from "./sql-editor.ts";

let e: E2E;

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await e.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e.url });
  await logIn(e, "/sqllab/");
});
afterAll(async () => {
  await e?.close();
});

const grid = () => e.page.locator(dt("sqllab-results-grid"));
const header = (key: string) => grid().locator(`[role="columnheader"][data-col="${key}"]`);
const headers = () =>
  grid()
    .locator('[role="columnheader"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-col")));
const clipboard = () => e.page.evaluate(() => navigator.clipboard.readText());

/** Opens a column's header menu and picks an item. */
async function menu(key: string, item: string) {
  // The previous menu's dropdown may still be fading out (slowly on a busy machine: vitest's
  // default poll of one second was too short under a full suite's load).
  await expect.poll(() => e.page.locator(dt("column-menu-dropdown")).count(), { timeout: 10_000 }).toBe(0);
  await header(key).hover();
  await header(key).getByRole("button", { name: "Column menu" }).click();
  await e.page.getByRole("menuitem", { name: item, exact: true }).click();
}

// Ten columns (1,600 px) are wider than the results pane, so the grid scrolls sideways.
const SQL =
  "SELECT name, gender, state, num, ds, name AS name2, gender AS gender2, state AS state2, num AS num2, ds AS ds2 " +
  "FROM birth_names ORDER BY num DESC, name LIMIT 50";
const COLUMNS = ["name", "gender", "state", "num", "ds", "name2", "gender2", "state2", "num2", "ds2"];

describe("data grid column menu in Chromium (001 §2)", () => {
  it("runs a query in SQL Lab and shows its columns", async () => {
    await e.page.locator(dt("sqllab-page")).waitFor();
    await pickExamplesDatabase(e);
    await typeSql(e, SQL);
    await e.page.locator(dt("run-query")).click();
    await grid().waitFor({ timeout: 30_000 });
    await expect.poll(headers, { timeout: 15_000 }).toEqual(COLUMNS);
  });

  it("hides a column and shows it again from Unhide", async () => {
    await menu("gender", "Hide column");
    await expect.poll(headers).toEqual(COLUMNS.filter((c) => c !== "gender"));
    await menu("name", "Unhide");
    await e.page.getByRole("menuitem", { name: "gender", exact: true }).click();
    await expect.poll(headers).toEqual(COLUMNS);
    await menu("gender", "Hide column");
    await expect.poll(headers).toEqual(COLUMNS.filter((c) => c !== "gender"));
  });

  it("pins a column left; it stays in view while the grid scrolls sideways", async () => {
    await menu("num2", "Pin left");
    await expect.poll(headers).toEqual(["num2", ...COLUMNS.filter((c) => c !== "gender" && c !== "num2")]);
    expect(await header("num2").getAttribute("data-pinned")).toBe("left");
    expect(await header("num2").evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    // Opening the last column's menu scrolled the grid; measure from the left edge.
    await grid().evaluate((el) => {
      el.scrollLeft = 0;
    });
    const pinned = await header("num2").boundingBox();
    const unpinned = await header("name").boundingBox();
    await grid().evaluate((el) => {
      el.scrollLeft = 400;
    });
    await expect.poll(() => grid().evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await header("num2").boundingBox())?.x).toBe(pinned?.x);
    expect((await header("name").boundingBox())?.x).toBeLessThan(unpinned?.x ?? 0);
    await grid().evaluate((el) => {
      el.scrollLeft = 0;
    });
  });

  it("copies the current view and a focused cell to the clipboard", async () => {
    await menu("name", "Copy");
    await expect.poll(() => e.page.getByText("Copied to clipboard!").count()).toBeGreaterThan(0);
    const text = await clipboard();
    const lines = text.split("\n");
    expect(lines[0].split("\t")).toEqual(["num2", ...COLUMNS.filter((c) => c !== "gender" && c !== "num2")]);
    expect(lines).toHaveLength(51);

    const cell = grid().locator('[aria-rowindex="2"] [role="gridcell"][data-col="name"]');
    await cell.click();
    await e.page.keyboard.press("ControlOrMeta+c");
    await expect.poll(clipboard).toBe((await cell.textContent()) ?? "");
    await e.page.keyboard.press("ArrowRight");
    await e.page.keyboard.press("ControlOrMeta+c");
    const state = grid().locator('[aria-rowindex="2"] [role="gridcell"][data-col="state"]');
    await expect.poll(clipboard).toBe((await state.textContent()) ?? "");
  });

  it("reaches the menu from the keyboard", async () => {
    const button = header("state").getByRole("button", { name: "Column menu" });
    await e.page.mouse.move(0, 0);
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await button.focus();
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await e.page.keyboard.press("Enter");
    await e.page.getByRole("menuitem", { name: "Pin right" }).waitFor();
    // The open menu takes the focus (a moment after it appears); Escape then closes it. Pressed
    // before that, Escape went to the header's button and the menu stayed open.
    await expect
      .poll(() => e.page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
      .toBe(true);
    await e.page.keyboard.press("Escape");
    await expect.poll(() => e.page.locator(dt("column-menu-dropdown")).count(), { timeout: 10_000 }).toBe(0);
  });

  it("downloads the current view as CSV", async () => {
    const download = e.page.waitForEvent("download");
    await menu("name", "Download as CSV");
    const file = await download;
    expect(file.suggestedFilename()).toBe("sqllab_results.csv");
    const csv = readFileSync(await file.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe(
      ["num2", ...COLUMNS.filter((c) => c !== "gender" && c !== "num2")].join(","),
    );
  });

  it("resets the columns", async () => {
    await menu("name", "Reset columns");
    await expect.poll(headers).toEqual(COLUMNS);
    expect(await header("num2").getAttribute("data-pinned")).toBeNull();
    await e.page.screenshot({ path: "/tmp/data-grid-e2e.png" });
  });
});
