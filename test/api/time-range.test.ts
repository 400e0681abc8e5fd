import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ examples: [] });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

const iso = (d: Date) => d.toISOString().slice(0, 19);
/** Midnight today, UTC wall time: the server's clock has the same naive view. */
function today(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
const daysBefore = (d: Date, n: number) => new Date(d.getTime() - n * 86_400_000);

async function evaluate(q: unknown, token: string | null = admin) {
  const res = await s.call("GET", `/api/v1/time_range/?q=${encodeURIComponent(encodeRison(q))}`, {
    token: token ?? undefined,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe("GET /api/v1/time_range/", () => {
  it("evaluates a list of ranges in Superset's language, with Superset's reply shape", async () => {
    const t0 = today();
    const firstOfMonth = new Date(Date.UTC(t0.getUTCFullYear(), t0.getUTCMonth(), 1));
    const firstOfLastMonth = new Date(Date.UTC(t0.getUTCFullYear(), t0.getUTCMonth() - 1, 1));
    const { status, body } = await evaluate([
      { timeRange: "Last week" },
      { timeRange: "previous calendar month" },
      { timeRange: "2024-01-01 : 2024-02-01" },
      { timeRange: 'DATEADD(DATETIME("today"), -7, day) : today' },
      { timeRange: "No filter" },
    ]);
    expect(status).toBe(200);
    expect(body.result).toEqual([
      { since: iso(daysBefore(t0, 7)), until: iso(t0), timeRange: "Last week", shift: null },
      {
        since: iso(firstOfLastMonth),
        until: iso(firstOfMonth),
        timeRange: "previous calendar month",
        shift: null,
      },
      {
        since: "2024-01-01T00:00:00",
        until: "2024-02-01T00:00:00",
        timeRange: "2024-01-01 : 2024-02-01",
        shift: null,
      },
      {
        since: iso(daysBefore(t0, 7)),
        until: iso(t0),
        timeRange: 'DATEADD(DATETIME("today"), -7, day) : today',
        shift: null,
      },
      { since: "", until: "", timeRange: "No filter", shift: null },
    ]);
  });

  it("takes a single rison string and a shift", async () => {
    const single = await evaluate("2024-03-01 : 2024-04-01");
    expect(single.status).toBe(200);
    expect(single.body.result).toEqual([
      {
        since: "2024-03-01T00:00:00",
        until: "2024-04-01T00:00:00",
        timeRange: "2024-03-01 : 2024-04-01",
        shift: null,
      },
    ]);
    const shifted = await evaluate([{ timeRange: "2024-03-01 : 2024-04-01", shift: "1 year ago" }]);
    expect(shifted.body.result[0]).toMatchObject({
      since: "2023-03-01T00:00:00",
      until: "2023-04-01T00:00:00",
    });
  });

  it("answers 400 with a message for bad input, never a 500", async () => {
    const bad = await evaluate([{ timeRange: "DATEADD(DATETIME('today'), seven, day) : today" }]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Unexpected time range: Invalid time expression/);
    const backwards = await evaluate("2024-02-01 : 2024-01-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe("Unexpected time range: From date cannot be larger than to date");
    const gibberish = await evaluate("sometime soon");
    expect(gibberish.status).toBe(400);
    expect(gibberish.body.message).toMatch(/^Unexpected time range: /);
    const wrongShape = await evaluate([{ range: "Last week" }]);
    expect(wrongShape.status).toBe(400);
    expect(typeof wrongShape.body.message).not.toBe("undefined");
    const badShift = await evaluate([{ timeRange: "Last week", shift: "a while" }]);
    expect(badShift.status).toBe(400);
    const notRison = await s.call("GET", "/api/v1/time_range/?q=(((", { token: admin });
    expect(notRison.status).toBe(400);
    const missing = await s.call("GET", "/api/v1/time_range/", { token: admin });
    expect(missing.status).toBe(400);
  });

  it("needs a signed-in caller; any signed-in user may ask", async () => {
    expect((await evaluate("Last week", null)).status).toBe(401);
    const gamma = await userWithRoles(s, admin, "tr_gamma", ["Gamma"]);
    expect((await evaluate("Last week", gamma)).status).toBe(200);
  });
});
