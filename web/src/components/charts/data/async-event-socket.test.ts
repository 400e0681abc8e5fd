import { ASYNC_EVENTS_GUEST_PROTOCOL, type AsyncEvent } from "@strata/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setGuestToken } from "../../../lib/api-client";
import { fakeFetch } from "../../../test/render";
import type { SocketLike } from "./async-event-socket";
import { configureAsyncTransport, resetAsyncEvents, waitForAsyncJob } from "./async-job";

/** A WebSocket the test drives: it opens, delivers and closes when told to. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  private handlers: Record<string, ((e: { data: unknown }) => void)[]> = {};
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  addEventListener(type: string, fn: (e: { data: unknown }) => void) {
    this.handlers[type] = [...(this.handlers[type] ?? []), fn];
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.readyState >= 2) return;
    this.readyState = 3;
    this.emit("close");
  }
  open() {
    this.readyState = 1;
    this.emit("open");
  }
  deliver(event: AsyncEvent) {
    this.emit("message", JSON.stringify(event));
  }
  /** A refused or dropped connection: the browser reports an error, then the close. */
  fail() {
    this.emit("error");
    this.close();
  }
  private emit(type: string, data?: unknown) {
    for (const fn of this.handlers[type] ?? []) fn({ data });
  }
}

let sockets: FakeSocket[];
const event = (jobId: string, id: string): AsyncEvent => ({
  id,
  job_id: jobId,
  channel_id: "user-1",
  user_id: 1,
  status: "done",
  errors: [],
  result_url: `/api/v1/chart/data/${jobId}`,
});
const job = (jobId: string) => ({ job_id: jobId });
const latest = () => sockets[sockets.length - 1];
/** The socket module is imported when the first job is awaited: its first socket comes a moment later. */
const firstSocket = () => vi.waitFor(() => expect(sockets).toHaveLength(1));

function api() {
  return fakeFetch((url) => {
    if (url.pathname.startsWith("/api/v1/async_event/")) return { body: { result: [] } };
    return { body: { result: [{ data: [{ job: url.pathname.split("/").pop() }] }] } };
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sockets = [];
  configureAsyncTransport({
    transport: "ws",
    websocketUrl: "/ws",
    createSocket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
  });
});
afterEach(() => {
  resetAsyncEvents();
  setGuestToken(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("async events over a WebSocket", () => {
  it("settles a job from a pushed event with no poll", async () => {
    const fetch = api();
    const outcome = waitForAsyncJob(job("a"));
    expect(sockets).toHaveLength(0);
    await firstSocket();
    expect(latest().url).toBe("ws://localhost:3000/ws");
    latest().open();
    expect(JSON.parse(latest().sent[0])).toEqual({ action: "resume", last_id: null });
    latest().deliver(event("a", "001-a"));
    expect(await outcome).toEqual([{ data: [{ job: "a" }] }]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch.calls("/api/v1/async_event/")).toHaveLength(0);
    expect(localStorage.getItem("last_async_event_id")).toBe("001-a");
  });

  it("reconnects 2.5 s after a drop with the last event id, and settles a repeated event once", async () => {
    const fetch = api();
    const first = waitForAsyncJob(job("a"));
    const second = waitForAsyncJob(job("b"));
    await firstSocket();
    latest().open();
    latest().deliver(event("a", "001-a"));
    await first;
    latest().close();
    await vi.advanceTimersByTimeAsync(2_400);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(2);
    expect(latest().url).toBe("ws://localhost:3000/ws?last_id=001-a");
    latest().open();
    // The replay and a live copy of the same event: one settlement, one result fetch.
    latest().deliver(event("b", "002-b"));
    latest().deliver(event("b", "002-b"));
    expect(await second).toEqual([{ data: [{ job: "b" }] }]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch.calls("/api/v1/chart/data/b")).toHaveLength(1);
    expect(fetch.calls("/api/v1/async_event/")).toHaveLength(0);
  });

  it("falls back to polling after 6 failed reconnects, resuming from the last event id", async () => {
    localStorage.setItem("last_async_event_id", "000-old");
    let served = false;
    const fetch = fakeFetch((url) => {
      if (url.pathname.startsWith("/api/v1/async_event/")) {
        served = true;
        return { body: { result: [event("c", "003-c")] } };
      }
      return { body: { result: [{ data: [] }] } };
    });
    const outcome = waitForAsyncJob(job("c"));
    await firstSocket();
    latest().fail();
    for (let attempt = 1; attempt <= 6; attempt++) {
      await vi.advanceTimersByTimeAsync(2_500);
      expect(sockets).toHaveLength(1 + attempt);
      latest().fail();
    }
    expect(served).toBe(false);
    await vi.advanceTimersByTimeAsync(2_500); // the 7th close: no more sockets, polling instead
    expect(sockets).toHaveLength(7);
    await vi.advanceTimersByTimeAsync(600);
    expect(await outcome).toEqual([{ data: [] }]);
    const polls = fetch.fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost"));
    const first = polls.find((u) => u.pathname === "/api/v1/async_event/");
    expect(first?.searchParams.get("last_id")).toBe("000-old");
    // Later jobs keep polling: the socket is not tried again on this page.
    const stop = new AbortController();
    const later = waitForAsyncJob(job("d"), stop.signal).catch(() => "aborted");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(7);
    stop.abort();
    expect(await later).toBe("aborted");
  });

  it("an open in between resets the count of failed tries", async () => {
    const fetch = api();
    void waitForAsyncJob(job("e")).catch(() => undefined);
    await firstSocket();
    for (let i = 0; i < 5; i++) {
      latest().fail();
      await vi.advanceTimersByTimeAsync(2_500);
    }
    latest().open(); // 6th socket opens: the server is back
    latest().close();
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(2_500);
      latest().fail();
    }
    // The 6th socket opened, so 6 more tries followed it before polling takes over.
    expect(sockets).toHaveLength(12);
    expect(fetch.calls("/api/v1/async_event/")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3_100);
    expect(sockets).toHaveLength(12);
    expect(fetch.calls("/api/v1/async_event/").length).toBeGreaterThan(0);
  });

  it("offers an embedded page's guest token as a subprotocol", async () => {
    api();
    setGuestToken("header.payload.signature");
    const outcome = waitForAsyncJob(job("g"));
    await firstSocket();
    expect(latest().protocols).toEqual([ASYNC_EVENTS_GUEST_PROTOCOL, "header.payload.signature"]);
    latest().open();
    latest().deliver(event("g", "004-g"));
    await outcome;
  });

  it("a socket closed while nothing waits reconnects only when a job is awaited", async () => {
    api();
    const outcome = waitForAsyncJob(job("h"));
    await firstSocket();
    latest().open();
    latest().deliver(event("h", "005-h"));
    await outcome;
    latest().close();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets).toHaveLength(1);
    const next = waitForAsyncJob(job("i"));
    expect(sockets).toHaveLength(2);
    expect(latest().url).toContain("last_id=005-h");
    latest().open();
    latest().deliver(event("i", "006-i"));
    await next;
  });

  it("polls when the socket's chunk can't be loaded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.doMock("./async-event-socket", () => {
      throw new Error("chunk missing after a deploy");
    });
    try {
      const fetch = fakeFetch((url) => {
        if (url.pathname.startsWith("/api/v1/async_event/"))
          return { body: { result: [event("j", "007-j")] } };
        return { body: { result: [{ data: [{ job: "j" }] }] } };
      });
      const outcome = waitForAsyncJob(job("j"));
      await vi.waitFor(() => expect(fetch.calls("/api/v1/async_event/").length).toBeGreaterThan(0));
      expect(await outcome).toEqual([{ data: [{ job: "j" }] }]);
      expect(sockets).toHaveLength(0);
      expect(warn).toHaveBeenCalledWith(
        "Could not load the async event socket, polling instead",
        expect.anything(),
      );
    } finally {
      vi.doUnmock("./async-event-socket");
      warn.mockRestore();
    }
  });
});
