import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, dt, type E2E, logIn, logInAs, startE2E } from "./browser.ts";

/**
 * Tags, stars and bulk actions on the list pages, as a user does them: tag two charts at once and
 * find them on the tag's page, star a chart and find it with the Favorite filter, delete two
 * charts at once, and a user without tag rights told so by the tag search.
 */

let e: E2E;
const NO_TAGS = { username: "notags", password: "notags-password-123" };

const chartRow = (name: string) =>
  e.page.locator(dt("table-row")).filter({ has: e.page.getByRole("link", { name, exact: true }) });

async function openChartList() {
  await e.page.goto(`${e.url}/chart/list/`);
  // Charts open as a table by default.
  await e.page.locator(dt("listview-table")).waitFor();
  await chartRow("Popular names").waitFor({ timeout: 15_000 });
}

async function selectRows(names: string[]) {
  await e.page.locator(dt("bulk-select")).click();
  for (const name of names) await chartRow(name).locator('input[type="checkbox"]').check();
  await expect
    .poll(() => e.page.locator(dt("bulk-select-copy")).textContent())
    .toBe(`${names.length} Selected`);
}

const bulkAction = (name: string) => e.page.locator(dt("bulk-select-action")).filter({ hasText: name });

/** Picks a filter's option by its label. */
async function chooseFilter(id: string, option: string) {
  await e.page.locator(dt(`filters-select-${id}`)).click();
  await e.page.getByRole("option", { name: option, exact: true }).click();
}

/** A user whose role is Gamma without any right on tags. */
async function createUserWithoutTagRights() {
  const roles = await apiCall<{ result: { id: number; name: string }[] }>(
    e,
    "GET",
    "/api/v1/security/roles/?q=(page_size:100)",
  );
  const gamma = roles.result.find((r) => r.name === "Gamma")!;
  const perms = await apiCall<{ result: { id: number | null; view_menu_name: string }[] }>(
    e,
    "GET",
    `/api/v1/security/roles/${gamma.id}/permissions`,
  );
  const role = await apiCall<{ id: number }>(e, "POST", "/api/v1/security/roles/", { name: "Gamma no tags" });
  await apiCall(e, "POST", `/api/v1/security/roles/${role.id}/permissions`, {
    permission_view_menu_ids: perms.result
      .filter((p) => p.view_menu_name !== "Tag" && p.id !== null)
      .map((p) => p.id),
  });
  await apiCall(e, "POST", "/api/v1/security/users/", {
    username: NO_TAGS.username,
    first_name: "No",
    last_name: "Tags",
    email: "notags@example.com",
    password: NO_TAGS.password,
    roles: [role.id],
  });
}

beforeAll(async () => {
  e = await startE2E(["birth_names"]);
  await logIn(e, "/chart/list/");
  await createUserWithoutTagRights();
}, 120_000);
afterAll(async () => {
  await e?.close();
});

describe("tags on the list pages", () => {
  it("tags two charts in bulk, shows the chips and lists both on the tag's page", async () => {
    await openChartList();
    await selectRows(["Top states", "Popular names"]);
    await bulkAction("Tag").click();

    const modal = e.page.locator(dt("bulk-tag-modal"));
    await modal.getByText("Bulk tag").waitFor();
    const picker = modal.locator(dt("tag-picker"));
    await picker.fill("quarterly");
    await picker.press("Enter");
    await modal.locator(dt("bulk-tag-save")).click();
    await e.page.locator(dt("toast-success")).filter({ hasText: "Tagged 2 charts" }).waitFor();
    await modal.waitFor({ state: "hidden" });

    // Each row shows its new chip, which links to the tag's page.
    for (const name of ["Top states", "Popular names"])
      await chartRow(name).locator(dt("tag-chip")).filter({ hasText: "quarterly" }).waitFor();
    expect(await chartRow("Total babies").locator(dt("tag-chip")).count()).toBe(0);

    // The Tag filter narrows the list to them.
    await chooseFilter("tags", "quarterly");
    await expect.poll(() => e.page.locator(dt("table-row")).count()).toBe(2);

    // The Tags page lists the tag; its page lists both charts.
    await e.page.goto(`${e.url}/superset/tags/`);
    await e.page.locator(dt("tag-link")).filter({ hasText: "quarterly" }).click();
    await e.page.waitForURL((u) => u.pathname === "/superset/all_entities/");
    await expect.poll(() => e.page.locator(dt("tag-title")).textContent()).toContain("quarterly");
    const charts = e.page.locator(dt("tagged-chart"));
    await charts.getByRole("link", { name: "Top states" }).waitFor();
    await charts.getByRole("link", { name: "Popular names" }).waitFor();
    expect(await charts.locator(dt("tagged-object-link")).count()).toBe(2);
  });

  it("collapses a row's tags past the maximum into '+N...'", async () => {
    const list = await apiCall<{ result: { id: number; slice_name: string }[] }>(
      e,
      "GET",
      "/api/v1/chart/?q=(page_size:100)",
    );
    const babies = list.result.find((c) => c.slice_name === "Babies over time")!;
    await apiCall(e, "POST", "/api/v1/tag/bulk_create", {
      tags: ["alpha", "beta", "gamma", "delta"],
      objects_to_tag: [["chart", babies.id]],
    });
    await openChartList();
    const row = chartRow("Babies over time");
    // Three slots: two chips and '+2...'.
    await expect.poll(() => row.locator(dt("tag-chip")).count()).toBe(2);
    expect(await row.locator(dt("tag-chips-more")).textContent()).toBe("+2...");
    await row.locator(dt("tag-chips-more")).click();
    await expect.poll(() => row.locator(dt("tag-chip")).count()).toBe(4);
  });

  it("stars a chart from its row and finds it with the Favorite filter", async () => {
    await openChartList();
    const star = chartRow("Babies by gender").locator(dt("favorite-star"));
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    // Stored on the server, not only drawn.
    await expect
      .poll(async () => {
        const list = await apiCall<{ result: { slice_name: string; is_favorite: boolean }[] }>(
          e,
          "GET",
          "/api/v1/chart/?q=(page_size:100)",
        );
        return list.result.filter((c) => c.is_favorite).map((c) => c.slice_name);
      })
      .toEqual(["Babies by gender"]);

    await chooseFilter("is_favorite", "Yes");
    await expect.poll(() => e.page.locator(dt("table-row")).count()).toBe(1);
    await chartRow("Babies by gender").waitFor();
    expect(new URL(e.page.url()).searchParams.get("filters")).toContain("is_favorite");
  });

  it("edits a chart's properties from its row and shows the dashboards it is on", async () => {
    await openChartList();
    // The example charts sit on the Births dashboard.
    await chartRow("Top states").locator(dt("on-dashboards")).getByRole("link", { name: "Births" }).waitFor();
    await chartRow("Top states").locator(dt("edit")).click();
    const modal = e.page.locator(dt("chart-properties-modal"));
    const name = modal.locator(dt("properties-modal-name-input"));
    await expect.poll(() => name.inputValue()).toBe("Top states");
    await name.fill("Top states by births");
    await modal.locator(dt("properties-modal-save")).click();
    await e.page.locator(dt("toast-success")).filter({ hasText: "Chart properties updated" }).waitFor();
    await chartRow("Top states by births").waitFor();
  });

  it("deletes two charts in bulk after the typed confirmation", async () => {
    await openChartList();
    await selectRows(["Total babies", "Babies over time"]);
    await bulkAction("Delete").click();
    const modal = e.page.locator(dt("delete-modal"));
    await modal.locator(dt("delete-modal-input")).fill("DELETE");
    await modal.locator(dt("modal-confirm-button")).click();
    await e.page.locator(dt("toast-success")).filter({ hasText: "Deleted:" }).waitFor();
    await expect.poll(() => chartRow("Total babies").count()).toBe(0);
    await expect.poll(() => chartRow("Babies over time").count()).toBe(0);
    await chartRow("Top states by births").waitFor();
  });

  it("stars a dashboard from its card, finds it with the Favorite filter and edits it from the card", async () => {
    await e.page.goto(`${e.url}/dashboard/list/`);
    // Dashboards open as cards.
    const card = e.page
      .locator(dt("styled-card"))
      .filter({ has: e.page.getByRole("link", { name: "Births", exact: true }) });
    const star = card.locator(dt("favorite-star"));
    await star.waitFor({ timeout: 15_000 });
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    // The star did not follow the card's link.
    expect(new URL(e.page.url()).pathname).toBe("/dashboard/list/");

    await chooseFilter("is_favorite", "No");
    await expect.poll(() => e.page.locator(dt("styled-card")).count()).toBe(0);
    await e.page.getByText("No results match your filter criteria").waitFor();
    await chooseFilter("is_favorite", "Yes");
    await expect.poll(() => e.page.locator(dt("styled-card")).count()).toBe(1);

    // The card's menu edits its properties.
    await card.locator(dt("card-actions")).click();
    await e.page.getByRole("menuitem", { name: "Edit" }).click();
    const modal = e.page.locator(dt("dashboard-properties-modal"));
    const title = modal.locator(dt("dashboard-title-input"));
    await expect.poll(() => title.inputValue()).toBe("Births");
    await title.fill("Births overview");
    await modal.locator(dt("properties-modal-save")).click();
    await e.page.locator(dt("toast-success")).filter({ hasText: "The dashboard has been saved" }).waitFor();
    await e.page.locator(dt("styled-card")).getByRole("link", { name: "Births overview" }).waitFor();
  });

  it("tags a dataset from the dataset list and opens its tag page from the chip", async () => {
    await e.page.goto(`${e.url}/tablemodelview/list/`);
    const row = e.page
      .locator(dt("table-row"))
      .filter({ has: e.page.getByRole("link", { name: "birth_names", exact: true }) });
    await row.waitFor({ timeout: 15_000 });
    await e.page.locator(dt("bulk-select")).click();
    await row.locator('input[type="checkbox"]').check();
    await bulkAction("Tag").click();
    const modal = e.page.locator(dt("bulk-tag-modal"));
    // Existing tags are offered as one types.
    const picker = modal.locator(dt("tag-picker"));
    await picker.fill("quart");
    await e.page.getByRole("option", { name: "quarterly" }).click();
    await modal.locator(dt("bulk-tag-save")).click();
    await e.page.locator(dt("toast-success")).filter({ hasText: "Tagged 1 datasets" }).waitFor();

    const chip = row.locator(dt("tag-chip")).filter({ hasText: "quarterly" });
    await chip.waitFor();
    // A chip opens the tag's page in a new window.
    const [popup] = await Promise.all([e.context.waitForEvent("page"), chip.click()]);
    await popup.waitForURL((u) => u.pathname === "/superset/all_entities/");
    await popup.locator(dt("tagged-dataset")).getByRole("link", { name: "birth_names" }).waitFor();
    await popup.locator(dt("tagged-chart")).getByRole("link", { name: "Popular names" }).waitFor();
    await popup.close();
  });

  it("creates a tag on the Tags page and deletes it", async () => {
    await e.page.goto(`${e.url}/superset/tags/`);
    await e.page.locator(dt("btn-add-tag")).click();
    const modal = e.page.locator(dt("tag-modal"));
    await modal.locator(dt("tag-name")).fill("unused");
    await modal.locator(dt("tag-description")).fill("Nothing carries it");
    await modal.locator(dt("modal-save-button")).click();
    const row = e.page.locator(dt("table-row")).filter({ has: e.page.getByRole("link", { name: "unused" }) });
    await row.waitFor();

    await row.locator(dt("delete")).click();
    const confirm = e.page.locator(dt("delete-modal"));
    await confirm.locator(dt("delete-modal-input")).fill("DELETE");
    await confirm.locator(dt("modal-confirm-button")).click();
    await expect.poll(() => row.count()).toBe(0);
    await e.page.locator(dt("tag-link")).filter({ hasText: "quarterly" }).waitFor();
  });

  it("tells a user without tag rights that they may not read tags", async () => {
    await logInAs(e, NO_TAGS, "/chart/list/");
    // Gamma reaches no example dataset, so the list may be empty: the filter bar is there anyway.
    await e.page.locator(dt("chart-list-view")).waitFor({ timeout: 15_000 });

    await e.page.locator(dt("filters-select-tags")).click();
    await e.page.getByText("You do not have permission to read tags").waitFor();
  });
});
