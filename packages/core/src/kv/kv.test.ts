import { describe, expect, it } from "vitest";
import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Databases } from "../databases/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { AppError, notFound } from "../errors.ts";
import { type GuestScope, guestPrincipal, type Principal, principalOf } from "../security/principal.ts";
import { MemoryMetaStore } from "../store/memory-meta-store.ts";
import { FILTER_STATE_RENEW_AFTER_SECONDS, FILTER_STATE_TTL_SECONDS } from "./dashboard-filter-state.ts";
import { FORM_DATA_TTL_SECONDS } from "./explore-form-data.ts";
import { INCOMING_TTL_SECONDS } from "./sqllab-incoming.ts";
import { createKeyValue } from "./index.ts";

const user = (id: number): Principal => principalOf({ id, username: `u${id}` } as never, []);
const alice = user(1);
const bob = user(2);

/** Key-value features over the in-memory store, with a clock to move and a simple access rule. */
function setup() {
  let now = Date.parse("2026-01-01T00:00:00Z");
  const store = new MemoryMetaStore(() => new Date(now));
  // Alice may read everything; Bob only dataset 2 (in schema "s") and database 1.
  const allowed = (p: Principal, id: number, bobs: number[]) => p.user?.id === 1 || bobs.includes(id);
  const datasets = {
    get: async (p: Principal, id: number) => {
      if (!allowed(p, id, [2])) throw notFound("Dataset not found");
      return { ds: { id, database_id: 9, schema: "s" }, db: undefined };
    },
  } as unknown as Pick<Datasets, "get">;
  const charts = {
    get: async (p: Principal, id: number) => {
      if (!allowed(p, id, [])) throw notFound("Chart not found");
      return { chart: { id }, dataset: undefined };
    },
  } as unknown as Pick<Charts, "get">;
  const databases = {
    get: async (p: Principal, id: number) => {
      if (!allowed(p, id, [1])) throw notFound("Database not found");
      return { id };
    },
  } as unknown as Pick<Databases, "get">;
  // Dashboard 7 (slug "births") is Bob's too; guests see the dashboards their token names.
  const dashboards = {
    get: async (p: Principal, idOrSlug: string | number) => {
      const id = idOrSlug === "births" ? 7 : Number(idOrSlug);
      const seen = p.guest ? p.guest.dashboards.has(id) : allowed(p, id, [7]);
      if (!seen || !Number.isInteger(id)) throw notFound("Dashboard not found.");
      return { id };
    },
  } as unknown as Pick<Dashboards, "get">;
  return {
    kv: createKeyValue({ store, datasets, charts, databases, dashboards, now: () => new Date(now) }),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

/** The status and message an AppError carries. */
async function failure(promise: Promise<unknown>) {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return { status: (e as AppError).status, message: (e as AppError).body.message };
}

const EXPIRED = "The explore state was not found or has expired.";
const formBody = (datasource_id: number, form_data = '{"viz_type":"table"}') => ({
  datasource_id,
  datasource_type: "table" as const,
  form_data,
});

describe("Explore form data", () => {
  it("keeps a week after its last write, then is gone", async () => {
    const { kv, advance } = setup();
    const key = await kv.exploreFormData.create(alice, formBody(2));
    advance(FORM_DATA_TTL_SECONDS - 10);
    await kv.exploreFormData.update(alice, key, formBody(2, '{"viz_type":"line"}'));
    advance(FORM_DATA_TTL_SECONDS - 10);
    expect(await kv.exploreFormData.get(alice, key)).toBe('{"viz_type":"line"}');
    advance(20);
    expect(await failure(kv.exploreFormData.get(alice, key))).toEqual({ status: 404, message: EXPIRED });
  });

  it("lets only its owner overwrite or remove it, and only readers of its dataset read it", async () => {
    const { kv } = setup();
    const onFive = await kv.exploreFormData.create(alice, formBody(5));
    const onTwo = await kv.exploreFormData.create(alice, formBody(2));
    expect(await failure(kv.exploreFormData.update(bob, onTwo, formBody(2)))).toEqual({
      status: 404,
      message: EXPIRED,
    });
    expect(await failure(kv.exploreFormData.remove(bob, onTwo))).toEqual({ status: 404, message: EXPIRED });
    expect(await failure(kv.exploreFormData.get(bob, onFive))).toEqual({ status: 404, message: EXPIRED });
    expect(await kv.exploreFormData.get(bob, onTwo)).toBe('{"viz_type":"table"}');
    await kv.exploreFormData.remove(alice, onTwo);
    expect((await failure(kv.exploreFormData.read(onTwo))).status).toBe(404);
  });

  it("refuses a dataset or chart the caller cannot read", async () => {
    const { kv } = setup();
    expect((await failure(kv.exploreFormData.create(bob, formBody(5)))).status).toBe(404);
    expect((await failure(kv.exploreFormData.create(bob, { ...formBody(2), chart_id: 3 }))).status).toBe(404);
  });
});

describe("Explore permalinks", () => {
  it("stores the form data under a key readable by readers of its dataset", async () => {
    const { kv } = setup();
    const state = {
      formData: { datasource: "2__table", viz_type: "table" },
      urlParams: [["a", "b"]] as [string, string][],
    };
    const key = await kv.explorePermalinks.create(alice, state);
    expect(await kv.explorePermalinks.read(bob, key)).toEqual({ datasource_id: 2, state });
    const hidden = await kv.explorePermalinks.create(alice, { formData: { datasource: "5__table" } });
    const notFound = { status: 404, message: "Permalink not found" };
    expect(await failure(kv.explorePermalinks.read(bob, hidden))).toEqual(notFound);
    expect(await failure(kv.explorePermalinks.read(alice, "no/such key"))).toEqual(notFound);
  });

  it("needs form data naming a dataset", async () => {
    const { kv } = setup();
    expect(await failure(kv.explorePermalinks.create(alice, { formData: { datasource: "x" } }))).toEqual({
      status: 400,
      message: { formData: ["formData.datasource must be a key like 7__table"] },
    });
  });
});

describe("SQL Lab permalinks", () => {
  it("answers a kv: key, read with or without its prefix by users of the database", async () => {
    const { kv } = setup();
    const state = { dbId: 1, sql: "SELECT 1", autorun: false };
    const key = await kv.sqlLabPermalinks.create(alice, state);
    expect(key).toMatch(/^kv:[A-Za-z0-9_-]{16}$/);
    expect(await kv.sqlLabPermalinks.read(bob, key)).toEqual(state);
    expect(await kv.sqlLabPermalinks.read(bob, key.slice(3))).toEqual(state);
    const other = await kv.sqlLabPermalinks.create(alice, { dbId: 4, sql: "SELECT 2" });
    expect(await failure(kv.sqlLabPermalinks.read(bob, other))).toEqual({
      status: 404,
      message: "Permalink not found",
    });
  });
});

describe("SQL Lab incoming queries", () => {
  it("are kept an hour for their poster only, with the dataset's database and schema", async () => {
    const { kv, advance } = setup();
    const id = await kv.sqlLabIncoming.create(bob, { datasourceKey: "2__table", sql: "SELECT 1" });
    const gone = { status: 404, message: "The requested query was not found or has expired." };
    expect(await failure(kv.sqlLabIncoming.read(alice, id))).toEqual(gone);
    expect(await kv.sqlLabIncoming.read(bob, id)).toEqual({
      sql: "SELECT 1",
      database_id: 9,
      schema: "s",
      datasource_key: "2__table",
    });
    advance(INCOMING_TTL_SECONDS + 1);
    expect(await failure(kv.sqlLabIncoming.read(bob, id))).toEqual(gone);
  });

  it("need a dataset key and some SQL", async () => {
    const { kv } = setup();
    const refused = {
      status: 400,
      message: { datasourceKey: ["Post a datasourceKey like 7__table and the sql to open"] },
    };
    expect(await failure(kv.sqlLabIncoming.create(bob, { datasourceKey: "2", sql: "SELECT 1" }))).toEqual(
      refused,
    );
    expect(await failure(kv.sqlLabIncoming.create(bob, { datasourceKey: "2__table", sql: "  " }))).toEqual(
      refused,
    );
  });
});

describe("Dashboard filter state", () => {
  const guest = guestPrincipal({
    jti: "t",
    username: "g",
    dashboards: new Set([7]),
  } as unknown as GuestScope);
  const anonymous = principalOf(null, []);
  const value = '{"NATIVE_FILTER-1":{"filterState":{"value":["TX"]}}}';

  it("is read by anyone who may read its dashboard, by id or slug, and only under that dashboard", async () => {
    const { kv } = setup();
    const key = await kv.dashboardFilterState.create(alice, "births", value);
    expect(await kv.dashboardFilterState.get(alice, 7, key)).toBe(value);
    expect(await kv.dashboardFilterState.get(bob, "births", key)).toBe(value);
    expect(await kv.dashboardFilterState.get(guest, "7", key)).toBe(value);
    const gone = { status: 404, message: "The filter state was not found or has expired." };
    // Dashboard 8 is Alice's alone: the key is not found under it, and Bob can't see it at all.
    expect(await failure(kv.dashboardFilterState.get(alice, 8, key))).toEqual(gone);
    expect(await failure(kv.dashboardFilterState.get(bob, 8, key))).toEqual({
      status: 404,
      message: "Dashboard not found.",
    });
    expect(await failure(kv.dashboardFilterState.get(alice, 7, "no/such key"))).toEqual(gone);
  });

  it("is overwritten and deleted by its owner only; guests and anonymous callers keep none", async () => {
    const { kv } = setup();
    const key = await kv.dashboardFilterState.create(alice, 7, value);
    const notYours = { status: 403, message: "You don't have permission to modify the value." };
    expect(await failure(kv.dashboardFilterState.update(bob, 7, key, "{}"))).toEqual(notYours);
    expect(await failure(kv.dashboardFilterState.remove(bob, 7, key))).toEqual(notYours);
    expect((await failure(kv.dashboardFilterState.create(guest, 7, value))).status).toBe(403);
    expect((await failure(kv.dashboardFilterState.update(guest, 7, key, "{}"))).status).toBe(403);
    expect((await failure(kv.dashboardFilterState.create(anonymous, 7, value))).status).toBe(401);
    await kv.dashboardFilterState.update(alice, "births", key, "{}");
    expect(await kv.dashboardFilterState.get(bob, 7, key)).toBe("{}");
    await kv.dashboardFilterState.remove(alice, 7, key);
    expect((await failure(kv.dashboardFilterState.get(alice, 7, key))).status).toBe(404);
    expect((await failure(kv.dashboardFilterState.update(alice, 7, key, "{}"))).status).toBe(404);
  });

  it("lives 90 days, renewed by a write or by a read a day after the last renewal", async () => {
    const { kv, advance } = setup();
    const key = await kv.dashboardFilterState.create(alice, 7, value);
    advance(FILTER_STATE_TTL_SECONDS - 100);
    // Read more than a day after it was written: its life starts again.
    expect(await kv.dashboardFilterState.get(bob, 7, key)).toBe(value);
    advance(FILTER_STATE_TTL_SECONDS - 100);
    expect(await kv.dashboardFilterState.get(bob, 7, key)).toBe(value);
    advance(FILTER_STATE_RENEW_AFTER_SECONDS - 200);
    // Read again within the day: not renewed, so it ends 90 days after the previous read.
    expect(await kv.dashboardFilterState.get(bob, 7, key)).toBe(value);
    advance(FILTER_STATE_TTL_SECONDS - FILTER_STATE_RENEW_AFTER_SECONDS + 300);
    expect((await failure(kv.dashboardFilterState.get(bob, 7, key))).status).toBe(404);
  });
});
