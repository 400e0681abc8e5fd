import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/** Saved queries are taggable like charts, dashboards and datasets: bulk tag, list chips, filter, tag page. */

let s: TestServer;
let admin: string;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

async function saveQuery(token: string, label: string): Promise<number> {
  const res = await s.call("POST", "/api/v1/saved_query/", {
    token,
    body: { db_id: 1, label, sql: "SELECT 1 AS x", schema: "main" },
  });
  expect(res.status).toBe(201);
  return (await json(res)).id as number;
}

describe("tagging saved queries", () => {
  it("tags the caller's own saved queries, skips others', and lists and filters them by tag", async () => {
    const analyst = await userWithRoles(s, admin, "sq_tagger", ["Alpha", "sql_lab"]);
    const mine = await saveQuery(analyst, "my revenue query");
    const theirs = await saveQuery(admin, "admin query");

    const res = await s.call("POST", "/api/v1/tag/bulk_create", {
      token: analyst,
      body: {
        tags: ["revenue"],
        objects_to_tag: [
          ["saved_query", mine],
          ["saved_query", theirs],
        ],
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).result).toEqual({
      objects_tagged: [["saved_query", mine]],
      objects_skipped: [["saved_query", theirs]],
    });

    // The list rows carry their tags; the tag filter keeps only the tagged one.
    const all = await json(await s.call("GET", "/api/v1/saved_query/?q=(page_size:100)", { token: admin }));
    const row = all.result.find((r: Json) => r.id === mine);
    expect(row.tags).toEqual([expect.objectContaining({ name: "revenue", type: "custom" })]);
    expect(all.result.find((r: Json) => r.id === theirs).tags).toEqual([]);
    const tagId = row.tags[0].id;
    const filtered = await json(
      await s.call(
        "GET",
        `/api/v1/saved_query/?q=(filters:!((col:tags,opr:saved_query_tags,value:${tagId})))`,
        {
          token: admin,
        },
      ),
    );
    expect(filtered.ids).toEqual([mine]);

    // The tag's page names it and links to SQL Lab.
    const objects = await json(
      await s.call("GET", `/api/v1/tag/get_objects/?tagIds=${tagId}`, { token: admin }),
    );
    expect(objects.result).toEqual([
      expect.objectContaining({
        id: mine,
        type: "saved_query",
        name: "my revenue query",
        url: `/sqllab/?savedQueryId=${mine}`,
      }),
    ]);
  });

  it("hides a saved query's tag from users who may not see the query", async () => {
    const other = await userWithRoles(s, admin, "sq_other", ["Alpha", "sql_lab"]);
    const hidden = await saveQuery(admin, "private query");
    await s.call("POST", "/api/v1/tag/bulk_create", {
      token: admin,
      body: { tags: ["private"], objects_to_tag: [["saved_query", hidden]] },
    });
    const tags = await json(
      await s.call("GET", "/api/v1/tag/?q=(filters:!((col:name,opr:eq,value:private)))", { token: admin }),
    );
    // The admin sees it; the other analyst does not.
    const forAdmin = await json(
      await s.call("GET", `/api/v1/tag/get_objects/?tagIds=${tags.ids[0]}`, { token: admin }),
    );
    expect(forAdmin.result.map((o: Json) => o.id)).toEqual([hidden]);
    const objects = await json(
      await s.call("GET", `/api/v1/tag/get_objects/?tagIds=${tags.ids[0]}`, { token: other }),
    );
    expect(objects.result).toEqual([]);
  });
});
