import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboard, datasetId, selectFilter } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Audit F4: a native filter names a dataset and a column, and an embedded guest may read that
 * column's values. So a save may newly aim a filter only at datasets the saver can read; targets
 * already stored stay (as a layout keeps charts its editor can't see), and a copy leaves out the
 * filters on datasets the copier can't read (as it leaves out such charts).
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let gamma: string;
let birth: number;
let energy: number;

const energyFilter = (column = "source", name = "Energy source") => ({
  ...selectFilter(energy, column, name),
  id: "NATIVE_FILTER-energy",
});
const birthFilter = () => selectFilter(birth, "state", "State");
const metadata = (...filters: Json[]) => JSON.stringify({ native_filter_configuration: filters });
const put = (token: string, id: number, body: Json) =>
  s.call("PUT", `/api/v1/dashboard/${id}`, { token, body });
const stored = async (id: number) =>
  JSON.parse(
    (await json(await s.call("GET", `/api/v1/dashboard/${id}`, { token: admin }))).result.json_metadata,
  );
const targetsOf = async (id: number) =>
  ((await stored(id)).native_filter_configuration ?? []).map(
    (f: Json) => `${f.targets[0].datasetId}.${f.targets[0].column.name}`,
  );
const values = (token: string, ds: number, column: string) =>
  callAsGuest(s, token, "GET", `/api/v1/datasource/table/${ds}/column/${column}/values/`);
const dataWithoutChart = (token: string, ds: number, column: string) =>
  callAsGuest(s, token, "POST", "/api/v1/chart/data", {
    datasource: { id: ds, type: "table" },
    queries: [{ columns: [column], metrics: [], row_limit: 100 }],
    result_format: "json",
    result_type: "full",
  });

/** A 422 in Superset's validation shape, naming the filter and the dataset it may not target. */
async function expectRefusedTarget(res: Response, field: string) {
  expect(res.status, await res.clone().text()).toBe(422);
  const body = await json(res);
  expect(body.message[field]).toEqual([
    `Native filter "Energy source" (NATIVE_FILTER-energy) targets dataset ${energy}: it does not exist or you ` +
      "can't access it. Ask for access, or aim the filter at a dataset you can read.",
  ]);
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  [birth, energy] = await Promise.all([
    datasetId(s, admin, "birth_names"),
    datasetId(s, admin, "energy_usage"),
  ]);
  await createRoleWith(
    s,
    admin,
    "births_only",
    (pv) => pv.permission.name === "datasource_access" && pv.view_menu.name.endsWith(`(id:${birth})`),
  );
  gamma = await userWithRoles(s, admin, "gamma_targets", ["Gamma", "births_only"]);
});
afterAll(() => s.close());

describe("native filter targets need read access to their dataset", () => {
  it("refuses a new target on an unreadable dataset (PUT json_metadata), so an embed's guests can't read it", async () => {
    const dash = await createDashboard(s, gamma, "Gamma's board");
    await expectRefusedTarget(
      await put(gamma, dash, { json_metadata: metadata(energyFilter()) }),
      "json_metadata",
    );
    expect(await stored(dash)).toEqual({});
    // A target on a dataset the owner can read is saved.
    const ok = await put(gamma, dash, { json_metadata: metadata(birthFilter()) });
    expect(ok.status, await ok.clone().text()).toBe(200);

    const guest = await guestTokenFor(s, admin, dash);
    expect((await values(guest, birth, "state")).status).toBe(200);
    // energy_usage is outside the guest's scope: to the guest it does not exist.
    const hidden = await values(guest, energy, "source");
    expect(hidden.status).toBe(404);
    expect((await json(hidden)).message).toBe("Dataset does not exist");
    const data = await dataWithoutChart(guest, energy, "source");
    expect(data.status).toBe(404);
    expect((await json(data)).errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  });

  it("refuses one through PUT /filters and POST /dashboard/ too", async () => {
    const dash = await createDashboard(s, gamma, "Gamma's filters");
    const filters = await s.call("PUT", `/api/v1/dashboard/${dash}/filters`, {
      token: gamma,
      body: { modified: [energyFilter()], deleted: [], reordered: [] },
    });
    await expectRefusedTarget(filters, "modified");
    expect(await stored(dash)).toEqual({});

    const title = `Made with an energy filter ${Date.now()}`;
    const created = await s.call("POST", "/api/v1/dashboard/", {
      token: gamma,
      body: { dashboard_title: title, json_metadata: metadata(energyFilter()) },
    });
    await expectRefusedTarget(created, "json_metadata");
    const list = await json(await s.call("GET", "/api/v1/dashboard/?q=(page_size:100)", { token: admin }));
    expect((list.result as Json[]).some((d) => d.dashboard_title === title)).toBe(false);
    // A dataset id that names nothing is refused alike (nothing tells it apart from a hidden one).
    const missing = await put(gamma, dash, {
      json_metadata: metadata({ ...selectFilter(987654, "x", "Nowhere"), id: "NATIVE_FILTER-nowhere" }),
    });
    expect(missing.status).toBe(422);
    expect((await json(missing)).message.json_metadata[0]).toMatch(
      /targets dataset 987654: it does not exist/,
    );
  });

  it("keeps targets already saved: the editor saves other changes, may not re-aim them", async () => {
    const dash = await createDashboard(s, gamma, "Shared board");
    // The admin, who reads energy_usage, adds its filter to Gamma's dashboard.
    const byAdmin = await put(admin, dash, { json_metadata: metadata(energyFilter()) });
    expect(byAdmin.status, await byAdmin.clone().text()).toBe(200);

    // Gamma saves the dashboard back with a new filter of their own and a new title.
    const kept = await put(gamma, dash, {
      dashboard_title: "Shared board, renamed",
      json_metadata: metadata(energyFilter("source", "Renamed energy source"), birthFilter()),
    });
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect(await targetsOf(dash)).toEqual([`${energy}.source`, `${birth}.state`]);

    // Through /filters too: the stored target stays when the filter is edited.
    const renamed = await s.call("PUT", `/api/v1/dashboard/${dash}/filters`, {
      token: gamma,
      body: { modified: [energyFilter()], deleted: [], reordered: [] },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);

    // Another column of that dataset is a new target.
    await expectRefusedTarget(
      await put(gamma, dash, { json_metadata: metadata(energyFilter("target"), birthFilter()) }),
      "json_metadata",
    );
    await expectRefusedTarget(
      await s.call("PUT", `/api/v1/dashboard/${dash}/filters`, {
        token: gamma,
        body: { modified: [energyFilter("target")] },
      }),
      "modified",
    );
    expect(await targetsOf(dash)).toEqual([`${energy}.source`, `${birth}.state`]);

    // Removing it is fine, and afterwards it is new again.
    const removed = await put(gamma, dash, { json_metadata: metadata(birthFilter()) });
    expect(removed.status).toBe(200);
    await expectRefusedTarget(
      await put(gamma, dash, { json_metadata: metadata(energyFilter(), birthFilter()) }),
      "json_metadata",
    );
    // The admin's guests still get what the admin set up on an admin's own dashboard.
    const adminBoard = await createDashboard(s, admin, "Admin board", {
      json_metadata: metadata(energyFilter()),
    });
    const guest = await guestTokenFor(s, admin, adminBoard);
    expect((await values(guest, energy, "source")).status).toBe(200);
  });

  it("leaves filters on datasets the copier can't read out of a copy", async () => {
    const source = await createDashboard(s, admin, "Board to copy", {
      published: true,
      json_metadata: metadata(energyFilter(), birthFilter()),
    });
    const copied = await s.call("POST", `/api/v1/dashboard/${source}/copy/`, {
      token: gamma,
      body: { dashboard_title: "Gamma's copy", json_metadata: metadata(energyFilter(), birthFilter()) },
    });
    expect(copied.status, await copied.clone().text()).toBe(201);
    const copy = (await json(copied)).result.id as number;
    expect(await targetsOf(copy)).toEqual([`${birth}.state`]);
    // The admin's copy keeps both.
    const adminCopy = await s.call("POST", `/api/v1/dashboard/${source}/copy/`, {
      token: admin,
      body: { dashboard_title: "Admin's copy", json_metadata: metadata(energyFilter(), birthFilter()) },
    });
    expect(await targetsOf((await json(adminCopy)).result.id)).toEqual([
      `${energy}.source`,
      `${birth}.state`,
    ]);
  });
});
