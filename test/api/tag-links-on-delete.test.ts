import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Deleting a tagged object takes its tag links with it, so the tag's owner can still delete the
 * tag afterwards (a link to a gone object used to count as "an object you can't edit").
 */

let s: TestServer;
let admin: string;
let birth: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

async function created(res: Response): Promise<number> {
  expect(res.status).toBe(201);
  return (await json(res)).id as number;
}

/** One object of each taggable type, owned by the caller (the types are also their API paths). */
async function objectsOf(token: string, suffix: string): Promise<[string, number][]> {
  const chart = await created(
    await s.call("POST", "/api/v1/chart/", {
      token,
      body: {
        slice_name: `doomed chart ${suffix}`,
        viz_type: "table",
        datasource_id: birth,
        datasource_type: "table",
        params: JSON.stringify({ viz_type: "table", metrics: ["count"] }),
      },
    }),
  );
  const dashboard = await created(
    await s.call("POST", "/api/v1/dashboard/", { token, body: { dashboard_title: `doomed ${suffix}` } }),
  );
  const dataset = await created(
    await s.call("POST", "/api/v1/dataset/", {
      token,
      body: { database: 1, schema: "main", table_name: `doomed_${suffix}`, sql: "SELECT 1 AS x" },
    }),
  );
  const query = await created(
    await s.call("POST", "/api/v1/saved_query/", {
      token,
      body: { db_id: 1, label: `doomed query ${suffix}`, sql: "SELECT 1 AS x", schema: "main" },
    }),
  );
  return [
    ["chart", chart],
    ["dashboard", dashboard],
    ["dataset", dataset],
    ["saved_query", query],
  ];
}

const taggedObjects = async (token: string, tagId: number) =>
  (await json(await s.call("GET", `/api/v1/tag/get_objects/?tagIds=${tagId}`, { token }))).result as Json[];

/** The links stored for one object, read from the metadata store the server uses. */
async function linksOf(type: string, id: number): Promise<string[]> {
  const members = await s.runtime.core.deps.meta.members(`tagged#${type}`);
  return members.map((m) => m.member).filter((m) => m.startsWith(`${id}#`));
}

describe("deleting a tagged object", () => {
  it("detaches its tags on single and bulk delete, so the tag's owner can delete the tag", async () => {
    const tagOwner = await userWithRoles(s, admin, "links_tag_owner", ["Alpha", "sql_lab"]);
    const objectOwner = await userWithRoles(s, admin, "links_object_owner", ["Alpha", "sql_lab"]);
    const tag = await json(
      await s.call("POST", "/api/v1/tag/", { token: tagOwner, body: { name: "doomed" } }),
    );

    const single = await objectsOf(objectOwner, "single");
    const bulk = await objectsOf(objectOwner, "bulk");
    const tagging = await json(
      await s.call("POST", "/api/v1/tag/bulk_create", {
        token: objectOwner,
        body: { tags: ["doomed"], objects_to_tag: [...single, ...bulk] },
      }),
    );
    expect(tagging.result.objects_skipped).toEqual([]);
    expect(await taggedObjects(admin, tag.id)).toHaveLength(8);

    // Objects of other people: while they exist, the tag's owner may not strip them.
    const refused = await s.call("DELETE", `/api/v1/tag/${tag.id}`, { token: tagOwner });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toMatch(/still on 8 object\(s\) you can't edit/);

    for (const [type, id] of single) {
      const res = await s.call("DELETE", `/api/v1/${type}/${id}`, { token: objectOwner });
      expect(res.status).toBe(200);
    }
    for (const [type, id] of bulk) {
      const res = await s.call("DELETE", `/api/v1/${type}/?q=!(${id})`, { token: objectOwner });
      expect(res.status).toBe(200);
    }
    for (const [type, id] of [...single, ...bulk]) expect(await linksOf(type, id)).toEqual([]);
    // The tag page never lists a deleted object, for its owner or an admin.
    expect(await taggedObjects(tagOwner, tag.id)).toEqual([]);
    expect(await taggedObjects(admin, tag.id)).toEqual([]);

    const res = await s.call("DELETE", `/api/v1/tag/${tag.id}`, { token: tagOwner });
    expect(res.status).toBe(200);
    expect((await s.call("GET", `/api/v1/tag/${tag.id}`, { token: admin })).status).toBe(404);
  });

  it("deletes a tag whose links name objects that no longer exist, and cleans the links up", async () => {
    const tagOwner = await userWithRoles(s, admin, "links_tag_owner2", ["Alpha"]);
    const tag = await json(
      await s.call("POST", "/api/v1/tag/", { token: tagOwner, body: { name: "stale" } }),
    );
    // Links left by a delete that stopped before detaching (or by a build before deletes did).
    const meta = s.runtime.core.deps.meta;
    await meta.addMember("tagged#chart", `987654#${tag.id}`);
    await meta.addMember("tagged#dashboard", `987654#${tag.id}`);
    expect(await taggedObjects(tagOwner, tag.id)).toEqual([]);

    const res = await s.call("DELETE", `/api/v1/tag/${tag.id}`, { token: tagOwner });
    expect(res.status).toBe(200);
    expect(await linksOf("chart", 987654)).toEqual([]);
    expect(await linksOf("dashboard", 987654)).toEqual([]);
  });

  it("still refuses a tag on an existing object the caller can't edit", async () => {
    const tagOwner = await userWithRoles(s, admin, "links_tag_owner3", ["Alpha"]);
    const tag = await json(await s.call("POST", "/api/v1/tag/", { token: tagOwner, body: { name: "kept" } }));
    await s.call("POST", "/api/v1/tag/bulk_create", {
      token: admin,
      body: { tags: ["kept"], objects_to_tag: [["dataset", birth]] },
    });
    await s.runtime.core.deps.meta.addMember("tagged#chart", `987655#${tag.id}`);
    const res = await s.call("DELETE", `/api/v1/tag/${tag.id}`, { token: tagOwner });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toMatch(/still on 1 object\(s\) you can't edit/);
  });
});
