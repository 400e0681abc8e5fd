import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Annotation layer names, annotation short descriptions (per layer) and row-level security rule
 * names are unique: of racing creates or renames exactly one gets the name, and a rename or a
 * delete gives the old name back.
 */
let s: TestServer;
let admin: string;
let birth: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const q = (v: unknown) => encodeURIComponent(encodeRison(v));
const LAYERS = "/api/v1/annotation_layer/";
const annotationsOf = (layer: number) => `/api/v1/annotation_layer/${layer}/annotation/`;
const RLS = "/api/v1/rowlevelsecurity/";

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

/** Fires the requests at once; returns statuses (sorted) and the 422 messages. */
async function race(requests: (() => Promise<Response>)[]) {
  const responses = await Promise.all(requests.map((r) => r()));
  const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await json(r) })));
  return {
    statuses: bodies.map((b) => b.status).sort(),
    messages: bodies.filter((b) => b.status === 422).map((b) => JSON.stringify(b.body.message)),
  };
}

async function post(path: string, body: Json): Promise<number> {
  const res = await s.call("POST", path, { token: admin, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id;
}
const put = (path: string, body: Json) => s.call("PUT", path, { token: admin, body });
const del = (path: string) => s.call("DELETE", path, { token: admin });
const countNamed = async (path: string, col: string, value: string) =>
  ((await json(await s.call("GET", `${path}?q=(page_size:100)`, { token: admin }))).result as Json[]).filter(
    (r) => r[col] === value,
  ).length;

const annotation = (short_descr: string) => ({
  short_descr,
  start_dttm: "2020-01-01T00:00:00",
  end_dttm: "2020-01-02T00:00:00",
});
const rule = (name: string) => ({ name, tables: [birth], roles: [], clause: "1 = 1" });

describe("annotation layer names", () => {
  it("gives one of four racing creates the name", async () => {
    const r = await race(
      Array.from(
        { length: 4 },
        () => () => s.call("POST", LAYERS, { token: admin, body: { name: "racer" } }),
      ),
    );
    expect(r.statuses).toEqual([201, 422, 422, 422]);
    for (const m of r.messages) expect(m).toMatch(/Name must be unique/);
    expect(await countNamed(LAYERS, "name", "racer")).toBe(1);
  });

  it("gives one of four racing renames the name", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((i) => post(LAYERS, { name: `layer ${i}` })));
    const r = await race(ids.map((id) => () => put(`${LAYERS}${id}`, { name: "renamed racer" })));
    expect(r.statuses).toEqual([200, 422, 422, 422]);
    expect(await countNamed(LAYERS, "name", "renamed racer")).toBe(1);
  });

  it("gives the name back on rename and on delete", async () => {
    const id = await post(LAYERS, { name: "first name" });
    expect((await put(`${LAYERS}${id}`, { name: "second name" })).status).toBe(200);
    const reuse = await post(LAYERS, { name: "first name" });
    expect((await put(`${LAYERS}${reuse}`, { name: "second name" })).status).toBe(422);
    expect((await del(`${LAYERS}${id}`)).status).toBe(200);
    expect((await put(`${LAYERS}${reuse}`, { name: "second name" })).status).toBe(200);
    // Bulk delete gives names back too.
    expect((await del(`${LAYERS}?q=${q([reuse])}`)).status).toBe(200);
    await post(LAYERS, { name: "second name" });
  });
});

describe("annotation short descriptions", () => {
  it("gives one of three racing creates in a layer the description; another layer may use it", async () => {
    const layer = await post(LAYERS, { name: "events" });
    const other = await post(LAYERS, { name: "other events" });
    const r = await race(
      Array.from(
        { length: 3 },
        () => () => s.call("POST", annotationsOf(layer), { token: admin, body: annotation("launch") }),
      ),
    );
    expect(r.statuses).toEqual([201, 422, 422]);
    for (const m of r.messages) expect(m).toMatch(/Short description must be unique for this layer/);
    expect(await countNamed(annotationsOf(layer), "short_descr", "launch")).toBe(1);
    await post(annotationsOf(other), annotation("launch"));
  });

  it("gives one of three racing renames the description", async () => {
    const layer = await post(LAYERS, { name: "renames" });
    const ids = await Promise.all([1, 2, 3].map((i) => post(annotationsOf(layer), annotation(`note ${i}`))));
    const r = await race(ids.map((id) => () => put(`${annotationsOf(layer)}${id}`, { short_descr: "same" })));
    expect(r.statuses).toEqual([200, 422, 422]);
    expect(await countNamed(annotationsOf(layer), "short_descr", "same")).toBe(1);
  });

  it("gives the description back on rename and on delete", async () => {
    const layer = await post(LAYERS, { name: "reuse" });
    const id = await post(annotationsOf(layer), annotation("old"));
    expect((await put(`${annotationsOf(layer)}${id}`, { short_descr: "new" })).status).toBe(200);
    // Editing other fields keeps the description held.
    expect((await put(`${annotationsOf(layer)}${id}`, { long_descr: "details" })).status).toBe(200);
    const again = await post(annotationsOf(layer), annotation("old"));
    expect((await put(`${annotationsOf(layer)}${again}`, { short_descr: "new" })).status).toBe(422);
    expect((await del(`${annotationsOf(layer)}${id}`)).status).toBe(200);
    await post(annotationsOf(layer), annotation("new"));
  });
});

describe("row level security rule names", () => {
  it("are unique, compared exactly", async () => {
    await post(RLS, rule("girls only"));
    const dup = await s.call("POST", RLS, { token: admin, body: rule("girls only") });
    expect(dup.status).toBe(422);
    expect((await json(dup)).message).toEqual({
      name: ["A row level security filter with this name already exists"],
    });
    await post(RLS, rule("Girls Only"));
  });

  it("gives one of four racing creates the name", async () => {
    const r = await race(
      Array.from({ length: 4 }, () => () => s.call("POST", RLS, { token: admin, body: rule("rls racer") })),
    );
    expect(r.statuses).toEqual([201, 422, 422, 422]);
    expect(await countNamed(RLS, "name", "rls racer")).toBe(1);
  });

  it("gives one of four racing renames the name", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((i) => post(RLS, rule(`rule ${i}`))));
    const r = await race(ids.map((id) => () => put(`${RLS}${id}`, { name: "rls renamed" })));
    expect(r.statuses).toEqual([200, 422, 422, 422]);
    expect(await countNamed(RLS, "name", "rls renamed")).toBe(1);
  });

  it("gives the name back on rename and on delete (single and bulk)", async () => {
    const id = await post(RLS, rule("before"));
    expect((await put(`${RLS}${id}`, { name: "after" })).status).toBe(200);
    // A change that keeps the name keeps holding it.
    expect((await put(`${RLS}${id}`, { clause: "2 = 2" })).status).toBe(200);
    const reuse = await post(RLS, rule("before"));
    expect((await s.call("POST", RLS, { token: admin, body: rule("after") })).status).toBe(422);
    expect((await del(`${RLS}${id}`)).status).toBe(200);
    await post(RLS, rule("after"));
    expect((await del(`${RLS}?q=${q([reuse])}`)).status).toBe(200);
    await post(RLS, rule("before"));
  });
});
