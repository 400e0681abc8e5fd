import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRlsRule } from "../support/dashboard-fixtures.ts";
import { embeddedGenderPie, type GuestRls, issueGuestToken } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Issue 9 item 1 with GLOBAL_ASYNC_QUERIES on (the cloud default): a guest's chart-data job runs
 * as that guest (its dashboards, the admin's RLS and its token's clauses), its events reach that
 * guest only, and its result_url answers that guest only. No stored result answers a caller
 * without credentials.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;
let birth: number;
let chart: number;
let uuid: string;
const tried = { allowed: 0, denied: 0, unexpected: [] as string[] };

const headersOf = (guest?: string, token?: string): Record<string, string> => ({
  ...(guest ? { "x-guesttoken": guest } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const get = (path: string, guest?: string, token?: string) =>
  Promise.resolve(s.app.request(path, { headers: headersOf(guest, token) }));
const post = (path: string, body: unknown, guest?: string) =>
  Promise.resolve(
    s.app.request(path, {
      method: "POST",
      headers: { ...headersOf(guest), "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const query = (extra: Json = {}) => ({
  datasource: { id: birth, type: "table" },
  queries: [
    { columns: ["gender"], metrics: ["count"], orderby: [["count", false]], row_limit: 10, ...extra },
  ],
  form_data: { slice_id: chart },
});

const guestToken = (rls: GuestRls[] = []) => issueGuestToken(s, admin, uuid, { rls });

async function waitForEvent(jobId: string, guest?: string, token?: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await get("/api/v1/async_event/", guest, token);
    expect(res.status).toBe(200);
    const found = ((await json(res)).result as Json[]).find((e) => e.job_id === jobId);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no event for job ${jobId}`);
}

function denied(label: string, status: number, expected: number[]) {
  tried.denied++;
  if (status < 400) tried.unexpected.push(label);
  expect(expected, `${label}: ${status}`).toContain(status);
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
  admin = await s.login(ADMIN.username, ADMIN.password);
  ({ datasetId: birth, chartId: chart, uuid } = await embeddedGenderPie(s, admin, "Async"));
  // A Base rule exempting Public: guests are still subject to it.
  await createRlsRule(s, admin, {
    name: "ca",
    filter_type: "Base",
    tables: [birth],
    roles: ["Public"],
    clause: "state = 'CA'",
  });
});
afterAll(async () => {
  console.log(
    `[guest-async] allowed ${tried.allowed}, denied ${tried.denied}, unexpected allows ${tried.unexpected.length}`,
  );
  await s.close();
});

describe("a guest's async chart-data job", () => {
  it("runs as the guest, reaches the guest's events, and its result answers that guest only", async () => {
    const guest = await guestToken([{ clause: "gender = 'girl'" }]);
    const queued = await post("/api/v1/chart/data", query(), guest);
    expect(queued.status).toBe(202);
    const job = await json(queued);
    expect(job.channel_id).toMatch(/^guest-/);
    tried.allowed++;

    const event = await waitForEvent(job.job_id, guest);
    expect(event.status).toBe("done");
    const mine = await get(event.result_url, guest);
    expect(mine.status).toBe(200);
    tried.allowed++;
    const item = (await json(mine)).result[0];
    // Run in the worker with the guest's RLS: the token's clause and the admin's Base rule.
    expect(item.data.map((r: Json) => r.gender)).toEqual(["girl"]);
    // The stored result carries no SQL (it names the admin's rules): the rows show they applied.
    expect(item.query).toBeNull();
    expect(JSON.stringify(item)).not.toMatch(/SELECT|state = 'CA'|gender = 'girl'/);

    // Nobody else reads it: another guest, another user, the admin, anonymous callers.
    const other = await guestToken();
    denied("result with another guest token", (await get(event.result_url, other)).status, [404]);
    const alpha = await userWithRoles(s, admin, "alpha-snoop", ["Alpha"]);
    denied("result as another user", (await get(event.result_url, undefined, alpha)).status, [404]);
    denied("result as the admin", (await get(event.result_url, undefined, admin)).status, [404]);
    denied("result anonymously", (await get(event.result_url)).status, [401, 404]);
    // The guest's event is the guest's only.
    const theirs = (await json(await get("/api/v1/async_event/", other))).result as Json[];
    if (theirs.some((e) => e.job_id === job.job_id)) tried.unexpected.push("event seen by another guest");
    expect(theirs.some((e) => e.job_id === job.job_id)).toBe(false);
    tried.denied++;
    denied("events anonymously", (await get("/api/v1/async_event/")).status, [401]);
  });

  it("refuses a modified query before queueing it", async () => {
    const guest = await guestToken();
    const res = await post("/api/v1/chart/data", query({ columns: ["name"] }), guest);
    denied("async query with another column", res.status, [403]);
    expect((await json(res)).message).toMatch(/Guest users may only run the queries/);
  });

  it("a job whose guest identity was tampered with ends as an error event, and stores nothing", async () => {
    const guest = await guestToken();
    const queued = await json(await post("/api/v1/chart/data", query({ row_limit: 9 }), guest));
    const channel = queued.channel_id as string;
    const owner = channel.replace("guest-", "guest:");
    const core = s.runtime.core;
    // A message claiming a wider identity than was signed: other dashboards, no RLS.
    const jobId = randomUUID();
    await core.deps.jobs.send({
      id: jobId,
      kind: "chart-data",
      payload: {
        owner,
        userId: null,
        guest: {
          identity: { jti: owner.slice(6), username: "x", dashboards: [1, 2, 3], rls: [] },
          until: Math.floor(Date.now() / 1000) + 600,
          sig: "forged",
        },
        request: { ...query(), force: true, result_format: "json", result_type: "full" },
        ctx: {},
        resultKey: jobId,
      },
    });
    const event = await waitForEvent(jobId, guest);
    expect(event.status).toBe("error");
    expect(event.errors[0].message).toMatch(/guest identity/i);
    denied("forged job result", (await get(`/api/v1/chart/data/${jobId}`, guest)).status, [404]);
  });

  it("a stored result without an owner answers nobody (null === null does not match)", async () => {
    const key = randomUUID();
    const results = s.runtime.core.deps.results;
    // Results written before owners existed carried `userId: null` for anonymous jobs.
    await results.put(
      `results/chart-data/${key}.json`,
      `${JSON.stringify({ userId: null, datasourceId: birth })}\n{"result":[]}`,
      "application/json",
    );
    const blank = randomUUID();
    await results.put(
      `results/chart-data/${blank}.json`,
      `${JSON.stringify({ owner: "", datasourceId: birth })}\n{"result":[]}`,
      "application/json",
    );
    for (const k of [key, blank]) {
      denied("ownerless result anonymously", (await get(`/api/v1/chart/data/${k}`)).status, [401, 404]);
      denied(
        "ownerless result as admin",
        (await get(`/api/v1/chart/data/${k}`, undefined, admin)).status,
        [404],
      );
      denied(
        "ownerless result as a guest",
        (await get(`/api/v1/chart/data/${k}`, await guestToken())).status,
        [404],
      );
    }
  });

  it("users' jobs still reach them and nobody else", async () => {
    const queued = await json(
      await s.call("POST", "/api/v1/chart/data", { token: admin, body: { ...query(), form_data: {} } }),
    );
    expect(queued.channel_id).toMatch(/^user-\d+$/);
    const event = await waitForEvent(queued.job_id, undefined, admin);
    const result = await get(event.result_url, undefined, admin);
    expect(result.status).toBe(200);
    // A signed-in user's stored result keeps the compiled SQL (only guests' is hidden).
    expect((await json(result)).result[0].query).toMatch(/^SELECT/);
    tried.allowed++;
    denied("user's result as a guest", (await get(event.result_url, await guestToken())).status, [404]);
  });

  it("no request was allowed unexpectedly", () => {
    expect(tried.unexpected).toEqual([]);
  });
});
