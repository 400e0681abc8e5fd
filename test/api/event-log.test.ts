import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

describe("event logging (POST /superset/log/?explode=events)", () => {
  it("takes a batch as JSON or as a form field and lists each event as a log row for admins", async () => {
    const ts = Date.parse("2026-11-01T10:00:00Z");
    const res = await s.call("POST", "/superset/log/?explode=events", {
      token: admin,
      body: {
        events: [
          { event_name: "spa_navigation", ts, path: "/sqllab/" },
          { event_name: "load_chart", ts: ts + 5, slice_id: 7, dashboard_id: 3, duration: 120 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).count).toBe(2);
    const gamma = await userWithRoles(s, admin, "logger", ["Gamma"]);
    const form = new URLSearchParams({
      events: JSON.stringify([{ event_name: "mount_dashboard", ts: ts + 10 }]),
    });
    const posted = await s.call("POST", "/superset/log/?explode=events", {
      token: gamma,
      raw: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(200);

    const rows = (
      await json(
        await s.call("GET", "/api/v1/log/?q=(order_column:dttm,order_direction:asc)", { token: admin }),
      )
    ).result;
    expect(rows.map((r: Json) => r.action)).toEqual(["spa_navigation", "load_chart", "mount_dashboard"]);
    expect(rows[1]).toMatchObject({
      slice_id: 7,
      dashboard_id: 3,
      duration_ms: 120,
      dttm: "2026-11-01T10:00:00.005Z",
    });
    expect(rows[2].user.username).toBe("logger");
    expect((await s.call("GET", "/api/v1/log/", { token: gamma })).status).toBe(403);
  });

  it("lists the newest events only, and a filter on one user reaches that user's older ones", async () => {
    const early = await userWithRoles(s, admin, "early-bird", ["Gamma"]);
    const earlyId = (await json(await s.call("GET", "/api/v1/me/", { token: early }))).result.id;
    const sent = await s.call("POST", "/superset/log/", {
      token: early,
      body: { events: [1, 2, 3].map((n) => ({ event_name: "early_event", n })) },
    });
    expect(sent.status).toBe(200);
    // LOG_LIST_WINDOW (10,000) newer events from the admin: the list looks no further back.
    for (let b = 0; b < 10; b++) {
      const res = await s.call("POST", "/superset/log/", {
        token: admin,
        body: { events: Array.from({ length: 1000 }, (_, i) => ({ event_name: "bulk", i, b })) },
      });
      expect(res.status).toBe(200);
    }
    const list = (q: string) => s.call("GET", `/api/v1/log/?q=${q}`, { token: admin }).then(json);
    const all = await list("(page_size:5)");
    expect(all.count).toBe(10_000);
    expect(all.result.every((r: Json) => r.action === "bulk")).toBe(true);
    expect((await list("(filters:!((col:action,opr:eq,value:early_event)))")).count).toBe(0);

    const theirs = await list(`(filters:!((col:user_id,opr:eq,value:${earlyId})),page_size:10)`);
    expect(theirs.count).toBe(3);
    expect(theirs.result.map((r: Json) => r.action)).toEqual(["early_event", "early_event", "early_event"]);
    expect(theirs.result[0].user.username).toBe("early-bird");
    // The user filter still applies as a filter: another user's id finds none of these.
    const other = await list(
      `(filters:!((col:user_id,opr:eq,value:${earlyId}),(col:action,opr:eq,value:bulk)))`,
    );
    expect(other.count).toBe(0);
  });

  it("refuses what is not a batch of events, and anonymous senders", async () => {
    for (const body of [{ events: "not json" }, { events: [1, 2] }, { events: { a: 1 } }]) {
      const res = await s.call("POST", "/superset/log/", { token: admin, body });
      expect(res.status).toBe(400);
      expect((await json(res)).message.events[0]).toMatch(/events must be|Each event/);
    }
    const tooMany = await s.call("POST", "/superset/log/", {
      token: admin,
      body: { events: Array.from({ length: 1025 }, () => ({ event_name: "x" })) },
    });
    expect(tooMany.status).toBe(400);
    const anonymous = await s.call("POST", "/superset/log/", { body: { events: [] } });
    expect(anonymous.status).toBe(401);
  });
});
