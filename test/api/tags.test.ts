import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

let s: TestServer;
let admin: string;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let birth: number;
let energy: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const list = await json(
    await s.call("GET", "/api/v1/dataset/?q=(order_column:table_name,order_direction:asc)", { token: admin }),
  );
  [birth, energy] = list.ids;
});
afterAll(() => s.close());

describe("tags", () => {
  it("bulk-tags objects, creating tags as needed, and skips what the caller can't edit", async () => {
    const alpha = await userWithRoles(s, admin, "tagger", ["Alpha"]);
    const own = await json(
      await s.call("POST", "/api/v1/dataset/", {
        token: alpha,
        body: { database: 1, schema: "main", table_name: "tagger_own", sql: "SELECT 1 AS x" },
      }),
    );
    const res = await s.call("POST", "/api/v1/tag/bulk_create", {
      token: alpha,
      body: {
        tags: ["finance", "weekly"],
        objects_to_tag: [
          ["dataset", own.id],
          ["dataset", birth],
        ],
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).result).toEqual({
      objects_tagged: [["dataset", own.id]],
      objects_skipped: [["dataset", birth]],
    });
    const tags = await json(
      await s.call("GET", "/api/v1/tag/?q=(order_column:name,order_direction:asc)", { token: admin }),
    );
    expect(tags.result.map((t: Json) => t.name)).toEqual(["finance", "weekly"]);
    const tagged = await json(
      await s.call("GET", `/api/v1/dataset/?q=(filters:!((col:tags,opr:tags,value:finance)))`, {
        token: admin,
      }),
    );
    expect(tagged.ids).toEqual([own.id]);
    const objects = await json(
      await s.call("GET", `/api/v1/tag/get_objects/?tagIds=${tags.ids[0]}`, { token: admin }),
    );
    expect(objects.result).toEqual([
      expect.objectContaining({ id: own.id, type: "dataset", name: "tagger_own" }),
    ]);
  });

  it("needs at least one object and one tag", async () => {
    const res = await s.call("POST", "/api/v1/tag/bulk_create", {
      token: admin,
      body: { tags: ["x"], objects_to_tag: [] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toMatch(/at least one selected item/);
  });

  it("lets Gamma users read tags but not create them", async () => {
    const gamma = await userWithRoles(s, admin, "tgamma", ["Gamma"]);
    expect((await s.call("GET", "/api/v1/tag/", { token: gamma })).status).toBe(200);
    const res = await s.call("POST", "/api/v1/tag/bulk_create", {
      token: gamma,
      body: { tags: ["nope"], objects_to_tag: [["dataset", energy]] },
    });
    expect((await json(res)).result.objects_skipped).toEqual([["dataset", energy]]);
  });

  it("stars and unstars tags per user", async () => {
    const tag = await json(await s.call("POST", "/api/v1/tag/", { token: admin, body: { name: "starred" } }));
    expect((await s.call("POST", `/api/v1/tag/${tag.id}/favorites/`, { token: admin })).status).toBe(200);
    const status = await json(
      await s.call("GET", `/api/v1/tag/favorite_status/?q=!(${tag.id},99999)`, { token: admin }),
    );
    expect(status.result).toEqual([
      { id: tag.id, value: true },
      { id: 99999, value: false },
    ]);
    const other = await userWithRoles(s, admin, "starer", ["Gamma"]);
    expect(
      (await json(await s.call("GET", `/api/v1/tag/favorite_status/?q=!(${tag.id})`, { token: other })))
        .result[0].value,
    ).toBe(false);
    expect((await s.call("DELETE", `/api/v1/tag/${tag.id}/favorites/`, { token: admin })).status).toBe(200);
    expect(
      (await json(await s.call("GET", `/api/v1/tag/favorite_status/?q=!(${tag.id})`, { token: admin })))
        .result[0].value,
    ).toBe(false);
    expect((await s.call("POST", "/api/v1/tag/99999/favorites/", { token: admin })).status).toBe(404);
  });

  it("deleting a tag detaches it from objects", async () => {
    const tags = await json(
      await s.call("GET", "/api/v1/tag/?q=(filters:!((col:name,opr:eq,value:weekly)))", { token: admin }),
    );
    expect((await s.call("DELETE", `/api/v1/tag/${tags.ids[0]}`, { token: admin })).status).toBe(200);
    const tagged = await json(
      await s.call("GET", "/api/v1/dataset/?q=(filters:!((col:tags,opr:tags,value:weekly)))", {
        token: admin,
      }),
    );
    expect(tagged.count).toBe(0);
  });
});

describe("tag ownership (issue 9 item 2)", () => {
  it("only the tag's owner or an admin renames or deletes it", async () => {
    const owner = await userWithRoles(s, admin, "tagowner", ["Alpha"]);
    const other = await userWithRoles(s, admin, "tagother", ["Alpha"]);
    const tag = await json(await s.call("POST", "/api/v1/tag/", { token: owner, body: { name: "owned" } }));
    for (const [method, body] of [
      ["PUT", { name: "hijacked" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await s.call(method, `/api/v1/tag/${tag.id}`, { token: other, body });
      expect(res.status).toBe(403);
      expect((await json(res)).message).toMatch(/Only the owner of tag "owned"/);
    }
    // The bulk delete route checks the same rule.
    expect((await s.call("DELETE", `/api/v1/tag/?q=!(${tag.id})`, { token: other })).status).toBe(403);
    expect(
      (await s.call("PUT", `/api/v1/tag/${tag.id}`, { token: owner, body: { name: "owned2" } })).status,
    ).toBe(200);
    expect(
      (await s.call("PUT", `/api/v1/tag/${tag.id}`, { token: admin, body: { name: "owned3" } })).status,
    ).toBe(200);
    // Using a shared tag on one's own objects stays open to everyone who may tag.
    const own = await json(
      await s.call("POST", "/api/v1/dataset/", {
        token: other,
        body: { database: 1, schema: "main", table_name: "tagother_own", sql: "SELECT 1 AS x" },
      }),
    );
    const bulk = await json(
      await s.call("POST", "/api/v1/tag/bulk_create", {
        token: other,
        body: { tags: ["owned3"], objects_to_tag: [["dataset", own.id]] },
      }),
    );
    expect(bulk.result.objects_tagged).toEqual([["dataset", own.id]]);
  });

  it("refuses to delete a tag still on objects the caller can't edit, and changes nothing", async () => {
    const owner = await userWithRoles(s, admin, "tagowner2", ["Alpha"]);
    const tag = await json(await s.call("POST", "/api/v1/tag/", { token: owner, body: { name: "shared" } }));
    // An admin puts the owner's tag on a dataset the owner can't edit.
    await s.call("POST", "/api/v1/tag/bulk_create", {
      token: admin,
      body: { tags: ["shared"], objects_to_tag: [["dataset", birth]] },
    });
    const res = await s.call("DELETE", `/api/v1/tag/${tag.id}`, { token: owner });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toMatch(/still on 1 object\(s\) you can't edit/);
    const tagged = await json(
      await s.call("GET", "/api/v1/dataset/?q=(filters:!((col:tags,opr:tags,value:shared)))", {
        token: admin,
      }),
    );
    expect(tagged.ids).toEqual([birth]);
    // The admin may edit everything, so the admin's delete detaches and deletes.
    expect((await s.call("DELETE", `/api/v1/tag/${tag.id}`, { token: admin })).status).toBe(200);
    expect((await s.call("GET", `/api/v1/tag/${tag.id}`, { token: admin })).status).toBe(404);
  });
});
