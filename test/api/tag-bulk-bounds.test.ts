import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * `POST /api/v1/tag/bulk_create` is bounded (100 tags, 1,000 objects, 10,000 links per request),
 * counts repeated tags and objects once, and writes every link of a large request. A bulk tag
 * delete checks every tag before deleting any.
 */
let s: TestServer;
let admin: string;
let birth: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const q = (v: unknown) => encodeURIComponent(encodeRison(v));
const BULK = "/api/v1/tag/bulk_create";

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

const tagNames = async () =>
  (
    (await json(await s.call("GET", "/api/v1/tag/?q=(page_size:100)", { token: admin }))).result as Json[]
  ).map((t) => t.name as string);
const bulk = (body: Json, token = admin) => s.call("POST", BULK, { token, body });

async function chart(name: string): Promise<number> {
  const res = await s.call("POST", "/api/v1/chart/", {
    token: admin,
    body: { slice_name: name, viz_type: "table", datasource_id: birth, datasource_type: "table" },
  });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

describe("bulk tagging bounds", () => {
  it("refuses more than 100 tags, and writes nothing", async () => {
    const tags = Array.from({ length: 101 }, (_, i) => `too_many_${i}`);
    const res = await bulk({ tags, objects_to_tag: [["dataset", birth]] });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toEqual({ tags: ["Give at most 100 tags in one request"] });
    expect((await tagNames()).filter((n) => n.startsWith("too_many_"))).toEqual([]);
  });

  it("refuses more than 1,000 objects, on bulk_create and on a tag create", async () => {
    const objects = Array.from({ length: 1_001 }, (_, i) => ["chart", i + 1]);
    const res = await bulk({ tags: ["too_many_objects"], objects_to_tag: objects });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toEqual({
      objects_to_tag: ["Tag at most 1,000 objects in one request"],
    });
    const create = await s.call("POST", "/api/v1/tag/", {
      token: admin,
      body: { name: "too_many_objects", objects_to_tag: objects },
    });
    expect(create.status).toBe(400);
    expect(await tagNames()).not.toContain("too_many_objects");
  });

  it("refuses more than 10,000 links (tags × objects) in one request", async () => {
    const tags = Array.from({ length: 100 }, (_, i) => `links_${i}`);
    const objects = Array.from({ length: 101 }, (_, i) => ["chart", i + 1]);
    const res = await bulk({ tags, objects_to_tag: objects });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/at most 10,000 tags to objects .*100 × 101/);
    expect((await tagNames()).filter((n) => n.startsWith("links_"))).toEqual([]);
  });

  it("counts repeated tags and objects once", async () => {
    // The audit's request, 40 tags × 100 copies of one object, is 40 links once repeats go.
    const tags = Array.from({ length: 40 }, (_, i) => `dup_${i % 4}`);
    const objects = Array.from({ length: 100 }, () => ["dataset", birth]);
    const started = Date.now();
    const res = await bulk({ tags: [...tags, " dup_0 "], objects_to_tag: objects });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await json(res)).result).toEqual({ objects_tagged: [["dataset", birth]], objects_skipped: [] });
    expect((await tagNames()).filter((n) => n.startsWith("dup_")).sort()).toEqual([
      "dup_0",
      "dup_1",
      "dup_2",
      "dup_3",
    ]);
    const row = (
      await json(
        await s.call("GET", `/api/v1/dataset/?q=(filters:!((col:tags,opr:tags,value:dup_0)))`, {
          token: admin,
        }),
      )
    ).result[0] as Json;
    expect(
      row.tags
        .map((t: Json) => t.name)
        .filter((n: string) => n.startsWith("dup_"))
        .sort(),
    ).toEqual(["dup_0", "dup_1", "dup_2", "dup_3"]);
  });

  it("writes every link of a large request", async () => {
    const charts: number[] = [];
    for (let i = 0; i < 25; i++) charts.push(await chart(`bulk chart ${i}`));
    const tags = Array.from({ length: 40 }, (_, i) => `wide_${i}`);
    const res = await bulk({ tags, objects_to_tag: charts.map((id) => ["chart", id]) });
    expect(res.status).toBe(200);
    expect((await json(res)).result.objects_tagged).toHaveLength(25);
    const all = (await json(await s.call("GET", "/api/v1/tag/?q=(page_size:100)", { token: admin })))
      .result as Json[];
    const wideIds = all.filter((t) => t.name.startsWith("wide_")).map((t) => t.id as number);
    expect(wideIds).toHaveLength(40);
    const objects = (
      await json(
        await s.call("GET", `/api/v1/tag/get_objects/?tagIds=${wideIds.join(",")}`, { token: admin }),
      )
    ).result as Json[];
    const byChart = new Map(objects.filter((o) => o.type === "chart").map((o) => [o.id, o.tags as number[]]));
    expect([...byChart.keys()].sort((a, b) => a - b)).toEqual([...charts].sort((a, b) => a - b));
    for (const id of charts) expect(byChart.get(id)!.filter((t) => wideIds.includes(t))).toHaveLength(40);
  });
});

describe("bulk tag delete", () => {
  it("deletes no tag when one of them may not be deleted", async () => {
    const alpha = await userWithRoles(s, admin, "tag_bulk_owner", ["Alpha"]);
    const free = await json(
      await s.call("POST", "/api/v1/tag/", { token: alpha, body: { name: "bulk_free" } }),
    );
    const shared = await json(
      await s.call("POST", "/api/v1/tag/", { token: alpha, body: { name: "bulk_shared" } }),
    );
    // The admin puts the second tag on a dataset its owner can't edit.
    expect((await bulk({ tags: ["bulk_shared"], objects_to_tag: [["dataset", birth]] })).status).toBe(200);
    const res = await s.call("DELETE", `/api/v1/tag/?q=${q([free.id, shared.id])}`, { token: alpha });
    expect(res.status).toBe(403);
    expect((await s.call("GET", `/api/v1/tag/${free.id}`, { token: admin })).status).toBe(200);
    expect((await s.call("DELETE", `/api/v1/tag/?q=${q([free.id])}`, { token: alpha })).status).toBe(200);
    expect((await s.call("GET", `/api/v1/tag/${free.id}`, { token: admin })).status).toBe(404);
  });
});
