import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { ASYNC_EVENTS_GUEST_PROTOCOL, type AsyncEvent } from "@strata/contracts";
import { MAX_SOCKETS_PER_OWNER, type SocketPoster } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiGatewayPoster } from "../../functions/src/ws/api-gateway-poster.ts";
import { pushEventsToSockets } from "../../functions/src/ws/cloud-push.ts";
import {
  onConnect,
  onDisconnect,
  onMessage,
  VIEWER_HOST_HEADER,
  type WebSocketRouteEvent,
} from "../../functions/src/ws/cloud-socket-handlers.ts";
import { createDashboard } from "../support/dashboard-fixtures.ts";
import { guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Issue 18, the cloud path: the API Gateway WebSocket routes' handlers over the real core and
 * stand-ins (DynamoDB holds the connections), with a fake only where frames leave for API
 * Gateway (the SocketPoster port), and the SDK's Management API call against a local endpoint.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const SITE = "d111111abcdef8.cloudfront.net";

let s: TestServer;
let admin = "";
let cookie = "";
let birth = 0;

/** Frames "sent" to connections; `gone` lists connections API Gateway would answer 410 for. */
const posted: { id: string; event: AsyncEvent }[] = [];
const gone = new Set<string>();
const poster: SocketPoster = {
  async post(id, data) {
    if (gone.has(id)) return "gone";
    posted.push({ id, event: JSON.parse(data) as AsyncEvent });
    return "sent";
  },
};

const connectEvent = (id: string, headers: Record<string, string>): WebSocketRouteEvent => ({
  requestContext: { connectionId: id, routeKey: "$connect" },
  headers: {
    Origin: `https://${SITE}`,
    [VIEWER_HOST_HEADER]: SITE,
    Host: "abc.execute-api.us-east-1.amazonaws.com",
    ...headers,
  },
});

async function queue(token: string, rowLimit: number): Promise<string> {
  const res = await s.call("POST", "/api/v1/chart/data", {
    token,
    body: {
      datasource: { id: birth, type: "table" },
      queries: [{ columns: ["gender"], metrics: ["count"], row_limit: rowLimit }],
      force: true,
    },
  });
  expect(res.status).toBe(202);
  return (await json(res)).job_id as string;
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const login = await s.call("POST", "/login/", {
    body: { username: ADMIN.username, password: ADMIN.password },
  });
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
  s.runtime.core.events.subscribe(s.runtime.core.socketConnections.pusher(poster, () => {}));
});
afterAll(async () => {
  await s?.close();
});

describe("the cloud's async-event socket routes", () => {
  it("$connect records an authenticated same-origin connection, and refuses the rest", async () => {
    const core = s.runtime.core;
    expect(await onConnect(core, connectEvent("conn-a=", { Cookie: cookie }))).toEqual({ statusCode: 200 });
    expect(await core.socketConnections.of("user:1")).toContain("conn-a=");
    expect(await core.socketConnections.ownerOf("conn-a=")).toBe("user:1");

    expect((await onConnect(core, connectEvent("x1", {}))).statusCode).toBe(401);
    expect((await onConnect(core, connectEvent("x2", { Cookie: "strata_session=forged" }))).statusCode).toBe(
      401,
    );
    const foreign = await onConnect(
      core,
      connectEvent("x3", { Cookie: cookie, Origin: "https://evil.example" }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(JSON.parse(foreign.body ?? "{}").message).toMatch(/Cross-origin/);
    // A direct connection to the API (no CloudFront header) is judged by its own Host.
    const direct = {
      requestContext: { connectionId: "x4" },
      headers: { Origin: `https://${SITE}`, Host: "abc.execute-api.us-east-1.amazonaws.com", Cookie: cookie },
    };
    expect((await onConnect(core, direct)).statusCode).toBe(403);
    for (const id of ["x1", "x2", "x3", "x4"])
      expect(await core.socketConnections.ownerOf(id)).toBeUndefined();
  });

  it("the worker's pusher posts a finished job's event to its owner's connections only", async () => {
    const core = s.runtime.core;
    await userWithRoles(s, admin, "cloud-alpha", ["Alpha"]);
    const login = await s.call("POST", "/login/", {
      body: { username: "cloud-alpha", password: "cloud-alpha-password-123" },
    });
    const theirCookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    expect((await onConnect(core, connectEvent("conn-b", { Cookie: theirCookie }))).statusCode).toBe(200);

    const jobId = await queue(admin, 21);
    await expect
      .poll(() => posted.find((p) => p.event.job_id === jobId)?.id, { timeout: 30_000 })
      .toBe("conn-a=");
    expect(posted.filter((p) => p.event.job_id === jobId)).toHaveLength(1);
    expect(posted.some((p) => p.id === "conn-b")).toBe(false);
  });

  it("a connection API Gateway says is gone is forgotten", async () => {
    const core = s.runtime.core;
    expect((await onConnect(core, connectEvent("conn-gone", { Cookie: cookie }))).statusCode).toBe(200);
    gone.add("conn-gone");
    const jobId = await queue(admin, 22);
    await expect.poll(() => posted.some((p) => p.event.job_id === jobId), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => core.socketConnections.of("user:1")).not.toContain("conn-gone");
    expect(await core.socketConnections.of("user:1")).toContain("conn-a=");
  });

  it("$default `resume` replays the owner's events after last_id; other messages do nothing", async () => {
    const core = s.runtime.core;
    const all = await core.events.since("user:1");
    expect(all.length).toBeGreaterThanOrEqual(2);
    const frames: string[] = [];
    const recorder: SocketPoster = {
      post: async (_id, data) => {
        frames.push(data);
        return "sent";
      },
    };
    const msg = (body: string): WebSocketRouteEvent => ({
      requestContext: { connectionId: "conn-a=" },
      body,
    });
    const resumed = onMessage(core, msg(JSON.stringify({ action: "resume", last_id: all[0].id })), recorder);
    await expect.poll(() => frames.length).toBe(all.length - 1);
    // Stored while a worker elsewhere may still read a cached (stale) list of connections: the
    // second read, a second later, replays it; nothing is sent twice.
    const late = await core.events.append("user:1", {
      job_id: "late-job",
      user_id: 1,
      status: "error",
      result_url: null,
      errors: [{ message: "late" }],
    });
    await resumed;
    const ids = frames.map((f) => JSON.parse(f).id);
    expect(ids).toEqual([...all.slice(1).map((e) => e.id), late!.id]);
    frames.length = 0;
    await onMessage(core, msg("hello"), recorder);
    await onMessage(core, msg(JSON.stringify({ action: "other" })), recorder);
    expect(frames).toEqual([]);
    // An unknown connection gets nothing.
    const stranger = await onMessage(
      core,
      {
        requestContext: { connectionId: "nobody" },
        body: JSON.stringify({ action: "resume", last_id: null }),
      },
      recorder,
    );
    expect(stranger.statusCode).toBe(401);
    expect(frames).toEqual([]);
  });

  it("a guest connects with its token as a subprotocol, answered with the marker", async () => {
    const core = s.runtime.core;
    const dash = await createDashboard(s, admin, "Cloud WS");
    const token = await guestTokenFor(s, admin, dash);
    const res = await onConnect(
      core,
      connectEvent("conn-guest", { "Sec-WebSocket-Protocol": `${ASYNC_EVENTS_GUEST_PROTOCOL}, ${token}` }),
    );
    expect(res).toEqual({
      statusCode: 200,
      headers: { "Sec-WebSocket-Protocol": ASYNC_EVENTS_GUEST_PROTOCOL },
    });
    expect(await core.socketConnections.ownerOf("conn-guest")).toMatch(/^guest:/);
  });

  it("$disconnect forgets the connection; an owner holds at most MAX_SOCKETS_PER_OWNER", async () => {
    const core = s.runtime.core;
    await onDisconnect(core, { requestContext: { connectionId: "conn-a=" } });
    expect(await core.socketConnections.of("user:1")).not.toContain("conn-a=");
    expect(await core.socketConnections.ownerOf("conn-a=")).toBeUndefined();
    for (let i = 0; i < MAX_SOCKETS_PER_OWNER; i++)
      expect((await onConnect(core, connectEvent(`many-${i}`, { Cookie: cookie }))).statusCode).toBe(200);
    expect((await onConnect(core, connectEvent("one-too-many", { Cookie: cookie }))).statusCode).toBe(429);
  });
});

describe("which functions push", () => {
  it("only with a callback URL and the ws transport (the one the SPA was built with), once per core", () => {
    const core = s.runtime.core;
    const subscribe = vi.spyOn(core.events, "subscribe").mockImplementation(() => () => {});
    try {
      const url = "https://abc.execute-api.us-east-1.amazonaws.com/prod";
      pushEventsToSockets(core, { ASYNC_EVENTS_SOCKET_CALLBACK_URL: url });
      pushEventsToSockets(core, {
        ASYNC_EVENTS_SOCKET_CALLBACK_URL: url,
        GLOBAL_ASYNC_QUERIES_TRANSPORT: "polling",
      });
      pushEventsToSockets(core, { GLOBAL_ASYNC_QUERIES_TRANSPORT: "ws" });
      expect(subscribe).not.toHaveBeenCalled();
      pushEventsToSockets(core, {
        ASYNC_EVENTS_SOCKET_CALLBACK_URL: url,
        GLOBAL_ASYNC_QUERIES_TRANSPORT: "ws",
      });
      pushEventsToSockets(core, {
        ASYNC_EVENTS_SOCKET_CALLBACK_URL: url,
        GLOBAL_ASYNC_QUERIES_TRANSPORT: "ws",
      });
      expect(subscribe).toHaveBeenCalledTimes(1);
    } finally {
      subscribe.mockRestore();
    }
  });
});

describe("the Management API call", () => {
  it("posts the frame to @connections/{id} with the SDK client, signed, and reads GoneException as gone", async () => {
    // A local HTTP endpoint standing in for API Gateway's Management API: the real SDK client
    // builds, signs and sends the request; only the far end is ours.
    const calls: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
    let answer: { status: number; type?: string } = { status: 200 };
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        calls.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (answer.type) headers["x-amzn-errortype"] = answer.type;
        res.writeHead(answer.status, headers);
        res.end(answer.status === 200 ? "" : JSON.stringify({ message: answer.type ?? "Forbidden" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as AddressInfo;
      const p = new ApiGatewayPoster(`http://127.0.0.1:${port}/prod`, {
        region: "eu-west-1",
        credentials: { accessKeyId: "AKID", secretAccessKey: "secret", sessionToken: "session" },
        maxAttempts: 1,
      });
      expect(await p.post("L0SM9cOFvHcCIhw=", '{"id":"1"}')).toBe("sent");
      expect(calls[0].method).toBe("POST");
      expect(calls[0].url).toBe("/prod/@connections/L0SM9cOFvHcCIhw%3D");
      expect(calls[0].body).toBe('{"id":"1"}');
      expect(calls[0].headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
      );
      expect(calls[0].headers["x-amz-security-token"]).toBe("session");
      answer = { status: 410, type: "GoneException" };
      expect(await p.post("old", "{}")).toBe("gone");
      answer = { status: 403, type: "ForbiddenException" };
      await expect(p.post("x", "{}")).rejects.toThrow(/Forbidden/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
