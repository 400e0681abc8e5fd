import type { Server } from "node:http";
import { ASYNC_EVENTS_GUEST_PROTOCOL, type AsyncEvent } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { attachEventSocket, type EventSocketServer } from "../../functions/src/ws/local-event-socket.ts";
import { embeddedGenderPie, issueGuestToken } from "../support/guest-tokens.ts";
import { listen } from "../support/listen.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Issue 18: async events over the local server's WebSocket, through a real HTTP server and a real
 * `ws` client. Events come pushed (no `/api/v1/async_event/` request), a reconnect with `last_id`
 * misses nothing, and a socket hears only its own owner's jobs (users, guests).
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const MAX_PER_OWNER = 4;

let s: TestServer;
let server: Server;
let sockets: EventSocketServer;
let base = "";
let admin = "";
let adminCookie = "";
let birth = 0;
let chart = 0;
let uuid = "";
/** `GET /api/v1/async_event/` requests the server answered: sockets must need none. */
let polls = 0;
const open: WebSocket[] = [];

interface Feed {
  ws: WebSocket;
  events: AsyncEvent[];
  /** Resolves with the event of this job once it arrives on this socket. */
  next(jobId: string): Promise<AsyncEvent>;
}

function connect(headers: Record<string, string>, opts: { lastId?: string; protocols?: string[] } = {}) {
  const url = `${base.replace("http", "ws")}/ws${opts.lastId ? `?last_id=${encodeURIComponent(opts.lastId)}` : ""}`;
  const ws = new WebSocket(url, opts.protocols ?? [], { headers: { origin: base, ...headers } });
  open.push(ws);
  ws.on("error", () => {}); // refused handshakes are asserted through "unexpected-response"
  const events: AsyncEvent[] = [];
  const waiting = new Map<string, (e: AsyncEvent) => void>();
  ws.on("message", (data) => {
    const event = JSON.parse(String(data)) as AsyncEvent;
    events.push(event);
    waiting.get(event.job_id)?.(event);
  });
  const feed: Feed = {
    ws,
    events,
    next: (jobId) =>
      new Promise((resolve, reject) => {
        const seen = events.find((e) => e.job_id === jobId);
        if (seen) return resolve(seen);
        const timer = setTimeout(() => reject(new Error(`no event for ${jobId} on the socket`)), 30_000);
        waiting.set(jobId, (e) => {
          clearTimeout(timer);
          resolve(e);
        });
      }),
  };
  return feed;
}

/** Opens and waits for the handshake; rejects with the HTTP status of a refused upgrade. */
async function connected(
  headers: Record<string, string>,
  opts: { lastId?: string; protocols?: string[] } = {},
) {
  const feed = connect(headers, opts);
  await new Promise<void>((resolve, reject) => {
    feed.ws.once("open", () => resolve());
    feed.ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    feed.ws.once("error", (err) => reject(err));
  });
  return feed;
}

async function refusedWith(headers: Record<string, string>, opts: { protocols?: string[] } = {}) {
  const feed = connect(headers, opts);
  return new Promise<number>((resolve) => {
    feed.ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    feed.ws.once("open", () => resolve(101));
    feed.ws.once("error", () => resolve(-1));
  });
}

async function cookieFor(username: string, password: string) {
  const res = await s.call("POST", "/login/", { body: { username, password } });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  expect(cookie).toMatch(/^strata_session=/);
  return cookie;
}

const query = (rowLimit: number) => ({
  datasource: { id: birth, type: "table" },
  queries: [{ columns: ["gender"], metrics: ["count"], row_limit: rowLimit }],
  form_data: { slice_id: chart },
  force: true,
});

async function queue(headers: Record<string, string>, rowLimit = 10): Promise<string> {
  const res = await s.app.request("/api/v1/chart/data", {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(query(rowLimit)),
  });
  expect(res.status).toBe(202);
  return (await json(res)).job_id as string;
}

const guestToken = () => issueGuestToken(s, admin, uuid);

/** Waits until the job's event is stored (read from the store, not through the API). */
async function stored(owner: `user:${number}`, jobId: string) {
  await expect
    .poll(async () => (await s.runtime.core.events.since(owner)).some((e) => e.job_id === jobId), {
      timeout: 30_000,
    })
    .toBe(true);
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
  const fetch = (req: Request) => {
    if (new URL(req.url).pathname.startsWith("/api/v1/async_event")) polls++;
    return s.app.fetch(req);
  };
  ({ server, url: base } = await listen(fetch));
  sockets = attachEventSocket(server, s.runtime.core, { maxSocketsPerOwner: MAX_PER_OWNER });
  admin = await s.login(ADMIN.username, ADMIN.password);
  adminCookie = await cookieFor(ADMIN.username, ADMIN.password);
  ({ datasetId: birth, chartId: chart, uuid } = await embeddedGenderPie(s, admin, "WS"));
});

afterAll(async () => {
  for (const ws of open) ws.terminate();
  await sockets?.close();
  server?.close();
  await s?.close();
});

describe("async events over the WebSocket", () => {
  it("pushes a job's event to the owner's socket, with no poll", async () => {
    const feed = await connected({ cookie: adminCookie });
    const before = polls;
    const jobId = await queue({ authorization: `Bearer ${admin}` }, 11);
    const event = await feed.next(jobId);
    expect(event).toMatchObject({ job_id: jobId, status: "done", channel_id: "user-1", errors: [] });
    expect(event.id).toBeTruthy();
    expect(event.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f-]{36}$/);
    // The result is then read as after a poll.
    const result = await s.call("GET", event.result_url!, { token: admin });
    expect(result.status).toBe(200);
    expect(polls).toBe(before);
    feed.ws.close();
  });

  it("a dropped socket reconnects with last_id and misses nothing, without repeats", async () => {
    const first = await connected({ cookie: adminCookie });
    const one = await first.next(await queue({ authorization: `Bearer ${admin}` }, 12));
    first.ws.terminate();
    // Two jobs end while no socket is open.
    const two = await queue({ authorization: `Bearer ${admin}` }, 13);
    const three = await queue({ authorization: `Bearer ${admin}` }, 14);
    await stored("user:1", two);
    await stored("user:1", three);
    const again = await connected({ cookie: adminCookie }, { lastId: one.id });
    await again.next(two);
    await again.next(three);
    // The replay starts after last_id: the event already handled is not sent again.
    expect(again.events.some((e) => e.id === one.id)).toBe(false);
    expect(again.events.filter((e) => e.job_id === two)).toHaveLength(1);
    // And live events keep coming on the new socket.
    const four = await queue({ authorization: `Bearer ${admin}` }, 15);
    await again.next(four);
    again.ws.close();
  });

  it("another user's events never arrive", async () => {
    const gamma = await userWithRoles(s, admin, "ws-alpha", ["Alpha"]);
    const theirCookie = await cookieFor("ws-alpha", "ws-alpha-password-123");
    const theirs = await connected({ cookie: theirCookie });
    const mine = await connected({ cookie: adminCookie });
    const adminJob = await queue({ authorization: `Bearer ${admin}` }, 16);
    await mine.next(adminJob);
    // Their own job reaches them after the admin's had ended: the admin's was never sent there.
    const theirJob = await queue({ authorization: `Bearer ${gamma}` }, 17);
    const event = await theirs.next(theirJob);
    expect(event.channel_id).not.toBe("user-1");
    expect(theirs.events.map((e) => e.job_id)).not.toContain(adminJob);
    expect(theirs.events.every((e) => e.channel_id === event.channel_id)).toBe(true);
    expect(mine.events.map((e) => e.job_id)).not.toContain(theirJob);
    theirs.ws.close();
    mine.ws.close();
  });

  it("a guest (token as a subprotocol) receives only its own jobs' events", async () => {
    const token = await guestToken();
    const other = await guestToken();
    const guest = await connected({}, { protocols: [ASYNC_EVENTS_GUEST_PROTOCOL, token] });
    expect(guest.ws.protocol).toBe(ASYNC_EVENTS_GUEST_PROTOCOL);
    const otherGuest = await connected({}, { protocols: [ASYNC_EVENTS_GUEST_PROTOCOL, other] });
    const adminFeed = await connected({ cookie: adminCookie });

    const adminJob = await queue({ authorization: `Bearer ${admin}` }, 18);
    await adminFeed.next(adminJob);
    const guestJob = await queue({ "x-guesttoken": token }, 10);
    const event = await guest.next(guestJob);
    expect(event.status).toBe("done");
    expect(event.channel_id).toMatch(/^guest-/);
    const otherJob = await queue({ "x-guesttoken": other }, 10);
    await otherGuest.next(otherJob);

    expect(guest.events.map((e) => e.job_id)).toEqual([guestJob]);
    expect(otherGuest.events.map((e) => e.job_id)).toEqual([otherJob]);
    expect(adminFeed.events.map((e) => e.job_id)).not.toContain(guestJob);
    // The guest reads its result with its token.
    const res = await s.app.request(event.result_url!, { headers: { "x-guesttoken": token } });
    expect(res.status).toBe(200);
    for (const f of [guest, otherGuest, adminFeed]) f.ws.close();
  });

  it("refuses the upgrade without valid credentials (401)", async () => {
    expect(await refusedWith({})).toBe(401);
    expect(await refusedWith({ cookie: "strata_session=not-a-session" })).toBe(401);
    expect(await refusedWith({ cookie: `${adminCookie}x` })).toBe(401);
    expect(await refusedWith({}, { protocols: [ASYNC_EVENTS_GUEST_PROTOCOL, "not.a.token"] })).toBe(401);
    expect(await refusedWith({ authorization: "Bearer nonsense" })).toBe(401);
    // After logging out, the session's cookie opens nothing.
    const cookie = await cookieFor(ADMIN.username, ADMIN.password);
    const csrf = (await json(await s.call("GET", "/api/v1/security/csrf_token/", { headers: { cookie } })))
      .result;
    const out = await s.call("POST", "/logout/", { headers: { cookie, "x-csrftoken": csrf } });
    expect(out.status).toBeLessThan(400);
    expect(await refusedWith({ cookie })).toBe(401);
  });

  it("refuses a foreign Origin (403) and other paths (404)", async () => {
    expect(await refusedWith({ cookie: adminCookie, origin: "https://evil.example" })).toBe(403);
    expect(await refusedWith({ cookie: adminCookie, origin: "null" })).toBe(403);
    const elsewhere = new WebSocket(`${base.replace("http", "ws")}/api/v1/async_event/`, {
      headers: { cookie: adminCookie, origin: base },
    });
    open.push(elsewhere);
    elsewhere.on("error", () => {});
    const status = await new Promise<number>((resolve) => {
      elsewhere.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      elsewhere.once("open", () => resolve(101));
    });
    expect(status).toBe(404);
  });

  it("bounds the sockets one owner may hold", async () => {
    await userWithRoles(s, admin, "ws-many", ["Gamma"]);
    const cookie = await cookieFor("ws-many", "ws-many-password-123");
    const feeds = [];
    for (let i = 0; i < MAX_PER_OWNER; i++) feeds.push(await connected({ cookie }));
    expect(await refusedWith({ cookie })).toBe(429);
    // Closing one frees its place.
    feeds[0].ws.close();
    await expect.poll(() => refusedWith({ cookie }), { timeout: 5_000 }).toBe(101);
    for (const f of feeds) f.ws.close();
  });
});
