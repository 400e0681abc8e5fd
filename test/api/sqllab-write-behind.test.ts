import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entity } from "../../packages/core/src/store/meta-store.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let db: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

/** Holds every query-record insert until `open()`: the stored state a reply must not wait for. */
function holdQueryInserts() {
  const meta = s.runtime.core.deps.meta;
  const insert = meta.insert.bind(meta);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let stored = 0;
  meta.insert = (async <T extends object>(type: string, entity: Entity<T>, opts?: { batched?: boolean }) => {
    if (type === "query") await gate;
    const out = await insert(type, entity, opts);
    if (type === "query") stored += 1;
    return out;
  }) as typeof meta.insert;
  return {
    open,
    stored: () => stored,
    restore: () => {
      meta.insert = insert;
    },
  };
}

const waitingFor = <T>(p: Promise<T>, ms = 150) =>
  Promise.race([p, new Promise<"still waiting">((r) => setTimeout(() => r("still waiting"), ms))]);

describe("a fast SQL Lab run stores its record and result after its reply", () => {
  it("replies before the record is stored; reads on this server wait for it; settleWrites ends after it", async () => {
    const hold = holdQueryInserts();
    try {
      const res = await s.call("POST", "/api/v1/sqllab/execute/", {
        token: admin,
        body: { database_id: db, client_id: "behind1", sql: "SELECT 42 AS answer, 'x' AS label" },
      });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.data).toEqual([{ answer: 42, label: "x" }]);
      expect(body.query).toMatchObject({ state: "success", rows: 1, client_id: "behind1" });
      const key = body.query.results_key as string;
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      // The reply came back while the record could not be stored.
      expect(hold.stored()).toBe(0);

      const settled = s.runtime.core.settleWrites().then(() => "settled");
      const results = s.call("GET", `/api/v1/sqllab/results/?q=(key:'${key}')`, { token: admin });
      const csv = s.call("GET", "/api/v1/sqllab/export/behind1/", { token: admin });
      const history = s.call("GET", "/api/v1/query/", { token: admin });
      const detail = s.call("GET", `/api/v1/query/${body.query_id}`, { token: admin });
      // A Lambda would not hand back the reply yet: the write is still held.
      expect(await waitingFor(settled)).toBe("still waiting");

      hold.open();
      expect(await settled).toBe("settled");
      expect(hold.stored()).toBe(1);
      expect((await json(await results)).data).toEqual([{ answer: 42, label: "x" }]);
      expect(await (await csv).text()).toMatch(/^answer,label\r?\n42,x/);
      const listed = (await json(await history)).result as Json[];
      expect(listed.some((q) => q.client_id === "behind1" && q.status === "success")).toBe(true);
      expect((await json(await detail)).result).toMatchObject({ client_id: "behind1", status: "success" });
    } finally {
      hold.restore();
    }
  });

  it("a slow run is stored before its reply, as before", async () => {
    const hold = holdQueryInserts();
    try {
      // The run outlasts the moment after which a run is put on record while it goes on.
      const reply = s.call("POST", "/api/v1/sqllab/execute/", {
        token: admin,
        body: {
          database_id: db,
          client_id: "slow1",
          sql: "SELECT count(*) AS n FROM range(60000000) t(i) WHERE hash(i) % 7 = 3",
        },
      });
      expect(await waitingFor(reply, 1500)).toBe("still waiting");
      hold.open();
      const res = await reply;
      expect(res.status).toBe(200);
      expect(hold.stored()).toBe(1);
      expect((await json(res)).query.state).toBe("success");
    } finally {
      hold.restore();
    }
  });

  it("a failed run is stored before its reply and shows in the history", async () => {
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: db, client_id: "failed1", sql: "SELECT no_such_column FROM birth_names" },
    });
    expect(res.status).toBe(400);
    const listed = (await json(await s.call("GET", "/api/v1/query/", { token: admin }))).result as Json[];
    expect(listed.find((q) => q.client_id === "failed1")?.status).toBe("failed");
  });
});
