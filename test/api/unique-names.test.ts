import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_GRACE_MS, MetaStore } from "@strata/core";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Issue 9 item 6: unique names stay unique when 20 requests race. Each kind fires 20 parallel
 * creates with the same value, then 20 parallel renames of 20 distinct objects to one value.
 */
let s: TestServer;
let admin: string;
let examplesDb: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const N = 20;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  examplesDb = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

async function race(requests: (() => Promise<Response>)[]) {
  const responses = await Promise.all(requests.map((r) => r()));
  return Promise.all(responses.map(async (r) => ({ status: r.status, body: await json(r) })));
}

function expectOneWinner(results: { status: number; body: Json }[], okStatus: number, message: RegExp) {
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((x) => x === okStatus)).toHaveLength(1);
  expect(statuses.filter((x) => x === 422)).toHaveLength(N - 1);
  for (const r of results.filter((x) => x.status === 422))
    expect(JSON.stringify(r.body.message)).toMatch(message);
}

interface Kind {
  name: string;
  path: string;
  message: RegExp;
  body: (value: string, i: number) => Json;
  /** Rename body (PUT) to `value`. */
  rename: (value: string) => Json;
  /** How many stored objects hold `value`. */
  count: (value: string) => Promise<number>;
}

const listCount = async (path: string, col: string, value: string) =>
  (
    await json(
      await s.call("GET", `${path}?q=(filters:!((col:${col},opr:eq,value:'${value}')),page_size:100)`, {
        token: admin,
      }),
    )
  ).count as number;

const kinds: Kind[] = [
  {
    name: "username",
    path: "/api/v1/security/users/",
    message: /A user with this username already exists/,
    body: (value, i) => ({
      username: value,
      first_name: "f",
      last_name: "l",
      email: `${value}${i}@example.com`,
      password: "a-long-enough-password-1",
      roles: [1],
    }),
    rename: (value) => ({ username: value }),
    count: async (value) =>
      (
        (await json(await s.call("GET", "/api/v1/security/users/?q=(page_size:100)", { token: admin })))
          .result as Json[]
      ).filter((u) => u.username.toLowerCase() === value.toLowerCase()).length,
  },
  {
    name: "dashboard slug",
    path: "/api/v1/dashboard/",
    message: /Must be unique/,
    body: (value, i) => ({ dashboard_title: `d${i}`, slug: value }),
    rename: (value) => ({ slug: value }),
    count: (value) => listCount("/api/v1/dashboard/", "slug", value),
  },
  {
    name: "tag name",
    path: "/api/v1/tag/",
    message: /A tag with this name already exists/,
    body: (value) => ({ name: value }),
    rename: (value) => ({ name: value }),
    count: (value) => listCount("/api/v1/tag/", "name", value),
  },
  {
    name: "database name",
    path: "/api/v1/database/",
    message: /A database with the same name already exists/,
    body: (value, i) => ({
      database_name: value,
      engine: "duckdb",
      parameters: { path: `${value}-${i}.duckdb` },
    }),
    rename: (value) => ({ database_name: value }),
    count: async (value) =>
      (
        (await json(await s.call("GET", "/api/v1/database/?q=(page_size:100)", { token: admin })))
          .result as Json[]
      ).filter((d) => d.database_name.toLowerCase() === value.toLowerCase()).length,
  },
  {
    name: "dataset identity",
    path: "/api/v1/dataset/",
    message: /Dataset .* already exists/,
    body: (value) => ({ database: examplesDb, schema: "main", table_name: value, sql: "SELECT 1 AS x" }),
    rename: (value) => ({ table_name: value }),
    count: (value) => listCount("/api/v1/dataset/", "table_name", value),
  },
];

describe("unique names under 20 racing requests", () => {
  for (const kind of kinds) {
    it(`${kind.name}: 20 parallel creates → one 201, nineteen 422`, async () => {
      const value = `race_${kind.name.replace(/\W/g, "_")}`;
      const results = await race(
        Array.from(
          { length: N },
          (_, i) => () => s.call("POST", kind.path, { token: admin, body: kind.body(value, i) }),
        ),
      );
      expectOneWinner(results, 201, kind.message);
      expect(await kind.count(value)).toBe(1);
    });

    it(`${kind.name}: 20 parallel renames to one value → one 200, nineteen 422`, async () => {
      const base = `ren_${kind.name.replace(/\W/g, "_")}`;
      const ids: number[] = [];
      for (let i = 0; i < N; i++) {
        const res = await s.call("POST", kind.path, { token: admin, body: kind.body(`${base}_${i}`, i) });
        expect(res.status).toBe(201);
        ids.push((await json(res)).id);
      }
      const target = `${base}_target`;
      const results = await race(
        ids.map(
          (id) => () => s.call("PUT", `${kind.path}${id}`, { token: admin, body: kind.rename(target) }),
        ),
      );
      expectOneWinner(results, 200, kind.message);
      expect(await kind.count(target)).toBe(1);
      // The loser's old values are still theirs, the winner's old value is free again.
      const winner = ids[results.findIndex((r) => r.status === 200)];
      const winnerIndex = ids.indexOf(winner);
      const reuse = await s.call("POST", kind.path, {
        token: admin,
        body: kind.body(`${base}_${winnerIndex}`, 1000),
      });
      expect(reuse.status).toBe(201);
      const loserIndex = winnerIndex === 0 ? 1 : 0;
      const taken = await s.call("POST", kind.path, {
        token: admin,
        body: kind.body(`${base}_${loserIndex}`, 1001),
      });
      expect(taken.status).toBe(422);
    });
  }
});

describe("claim takeover", () => {
  it("takes over a claim only when it is stale: owner gone (or renamed) and older than the grace", async () => {
    const meta = s.runtime.core.deps.meta;
    const later = (ms: number) =>
      new MetaStore((meta as unknown as { doc: never }).doc, meta.table, () => new Date(Date.now() + ms));
    // A claim written by a create that has not written its entity yet (a write in flight).
    expect(await meta.claimUnique("test-scope", "v", 900001, async () => false)).toBe(true);
    // Young: the owner's entity is missing, but it may be a create in flight, so it is kept.
    expect(await meta.claimUnique("test-scope", "v", 900002, async () => false)).toBe(false);
    // Old and the owner provably doesn't hold it (a crash): taken over, by exactly one of two.
    const late = later(CLAIM_GRACE_MS + 1000);
    const both = await Promise.all([
      late.claimUnique("test-scope", "v", 900003, async () => false),
      late.claimUnique("test-scope", "v", 900004, async () => false),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    // Old but the owner still holds the value: never taken over.
    expect(
      await later(2 * CLAIM_GRACE_MS + 5000).claimUnique("test-scope", "v", 900005, async () => true),
    ).toBe(false);
  });
});
