import { describe, expect, it } from "vitest";
import { MemoryMetaStore } from "../store/memory-meta-store.ts";
import { asMetaStore } from "../testing/memory-core.ts";
import { AsyncEvents } from "./events.ts";
import { MAX_SOCKETS_PER_OWNER, SocketConnections } from "./socket-connections.ts";
import { asyncTransportConf, asyncTransportFromEnv } from "./transport.ts";

const done = (job_id: string) => ({
  job_id,
  user_id: 1,
  status: "done" as const,
  result_url: `/api/v1/chart/data/${job_id}`,
  errors: [],
});

describe("async event listeners", () => {
  it("hear each stored event once, with its owner; a duplicate append tells nobody", async () => {
    const events = new AsyncEvents(asMetaStore(new MemoryMetaStore()));
    const heard: string[] = [];
    const stop = events.subscribe((owner, e) => {
      heard.push(`${owner} ${e.job_id}`);
    });
    await events.append("user:1", done("a"));
    await events.append("user:1", done("a"));
    await events.append("guest:x", done("b"));
    expect(heard).toEqual(["user:1 a", "guest:x b"]);
    stop();
    await events.append("user:1", done("c"));
    expect(heard).toHaveLength(2);
  });

  it("a failing listener neither fails the append nor stops the others; async ones are awaited", async () => {
    const events = new AsyncEvents(asMetaStore(new MemoryMetaStore()));
    const order: string[] = [];
    events.subscribe(() => {
      throw new Error("sync failure");
    });
    events.subscribe(async () => {
      throw new Error("async failure");
    });
    events.subscribe(async (_o, e) => {
      await new Promise((r) => setTimeout(r, 5));
      order.push(`pushed ${e.job_id}`);
    });
    const stored = await events.append("user:1", done("a"));
    order.push("appended");
    expect(stored?.job_id).toBe("a");
    expect(order).toEqual(["pushed a", "appended"]);
    expect((await events.since("user:1")).map((e) => e.job_id)).toEqual(["a"]);
  });
});

describe("socket connections", () => {
  it("are kept by owner, bounded, and forgotten by id; the pusher drops gone ones", async () => {
    const meta = asMetaStore(new MemoryMetaStore());
    const conns = new SocketConnections(meta);
    for (let i = 0; i < MAX_SOCKETS_PER_OWNER; i++) expect(await conns.add("user:1", `c${i}`)).toBe(true);
    expect(await conns.add("user:1", "one-more")).toBe(false);
    expect(await conns.add("user:2", "theirs")).toBe(true);
    expect(await conns.ownerOf("c3")).toBe("user:1");
    await conns.remove("c3");
    expect(await conns.of("user:1")).not.toContain("c3");

    const events = new AsyncEvents(meta);
    const sent: string[] = [];
    const poster = {
      async post(id: string): Promise<"sent" | "gone"> {
        if (id === "c0") return "gone";
        sent.push(id);
        return "sent";
      },
    };
    events.subscribe(conns.pusher(poster, () => {}));
    await events.append("user:2", done("x"));
    expect(sent).toEqual(["theirs"]);
    await events.append("user:1", done("y"));
    expect(sent).toHaveLength(1 + MAX_SOCKETS_PER_OWNER - 2); // c3 removed, c0 gone
    expect(await conns.of("user:1")).not.toContain("c0");
  });
});

describe("transport settings", () => {
  it("read Superset's names, default to polling on /ws, and refuse nonsense", () => {
    expect(asyncTransportFromEnv({})).toEqual({ transport: "polling", websocketUrl: "/ws" });
    expect(
      asyncTransportFromEnv({
        GLOBAL_ASYNC_QUERIES_TRANSPORT: "ws",
        GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: "wss://events.example.com/",
      }),
    ).toEqual({ transport: "ws", websocketUrl: "wss://events.example.com/" });
    expect(() => asyncTransportFromEnv({ GLOBAL_ASYNC_QUERIES_TRANSPORT: "sse" })).toThrow(/polling" or "ws/);
    expect(() => asyncTransportFromEnv({ GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: "http://x" })).toThrow(
      /ws:\/\//,
    );
    expect(asyncTransportConf({ transport: "ws", websocketUrl: "/ws" })).toEqual({
      GLOBAL_ASYNC_QUERIES_TRANSPORT: "ws",
      GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: "/ws",
    });
  });
});
