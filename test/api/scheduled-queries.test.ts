import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

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

const schedule = (info: Record<string, unknown>) => JSON.stringify({ schedule_info: info });
const save = (extra_json: string, token = admin, label = "Daily births") =>
  s.call("POST", "/api/v1/saved_query/", {
    token,
    body: { label, db_id: db, schema: "main", sql: "SELECT COUNT(*) AS n FROM birth_names", extra_json },
  });

describe("scheduled saved queries", () => {
  it("refuses a schedule that is not one, with the field and a hint", async () => {
    for (const [extra, hint] of [
      ["{not json", "JSON object"],
      [schedule({ schedule_interval: "every day", start_date: "2026-01-01" }), "five cron fields"],
      [schedule({ schedule_interval: "@daily" }), "start_date is required"],
      [
        schedule({ schedule_interval: "@daily", start_date: "2026-02-01", end_date: "2026-01-01" }),
        "on or after",
      ],
      [schedule({ schedule_interval: "@daily", start_date: "01/02/2026" }), "like 2026-01-31"],
    ] as const) {
      const res = await save(extra);
      expect(res.status, extra).toBe(400);
      expect((await json(res)).message.extra_json[0]).toContain(hint);
    }
  });

  it("stores a schedule, shows its next run, and runs it once per due time as its owner", async () => {
    const owner = await userWithRoles(s, admin, "scheduler", ["sql_lab", "Alpha"]);
    const res = await save(
      schedule({ schedule_interval: "0 * * * *", start_date: "2026-01-01" }),
      owner,
      "Hourly",
    );
    expect(res.status).toBe(201);
    const id = (await json(res)).id;
    const got = (await json(await s.call("GET", `/api/v1/saved_query/${id}`, { token: owner }))).result;
    expect(got.schedule_info).toMatchObject({ schedule_interval: "0 * * * *", start_date: "2026-01-01" });
    expect(new Date(got.next_run).getUTCMinutes()).toBe(0);
    const list = await json(await s.call("GET", "/api/v1/saved_query/", { token: owner }));
    expect(list.result[0].next_run).toBe(got.next_run);

    const later = new Date(Date.now() + 3 * 3600_000);
    expect(await s.runtime.core.scheduledQueries.tick(later)).toBe(1);
    expect(await s.runtime.core.scheduledQueries.tick(later)).toBe(0); // the same slot never runs twice

    await expect
      .poll(
        async () =>
          (await json(await s.call("GET", "/api/v1/query/", { token: owner }))).result.map((q: Json) => [
            q.tab_name,
            q.state,
          ]),
        { timeout: 20_000 },
      )
      .toEqual([["Scheduled: Hourly", "success"]]);
    // Other users' histories stay untouched.
    const other = await userWithRoles(s, admin, "bystander", ["sql_lab", "Alpha"]);
    expect((await json(await s.call("GET", "/api/v1/query/", { token: other }))).result).toEqual([]);
  });

  it("does not run outside the schedule's dates", async () => {
    const res = await save(
      schedule({ schedule_interval: "@daily", start_date: "2020-01-01", end_date: "2020-01-31" }),
      admin,
      "Expired",
    );
    expect(res.status).toBe(201);
    const got = (
      await json(await s.call("GET", `/api/v1/saved_query/${(await json(res)).id}`, { token: admin }))
    ).result;
    expect(got.next_run).toBeNull();
    // Only the hourly query of the previous test is due five days on; the expired one never runs.
    expect(await s.runtime.core.scheduledQueries.tick(new Date(Date.now() + 5 * 86_400_000))).toBe(1);
  });
});
