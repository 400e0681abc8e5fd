import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetCsrfToken } from "./api-client";
import { flushEvents, LOG_BATCH_SIZE, LOG_FLUSH_MS, logEvent } from "./event-logger";

const posts: { url: string; events: { event_name: string }[] }[] = [];

beforeEach(() => {
  posts.length = 0;
  resetCsrfToken();
  vi.useFakeTimers();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes("csrf_token")) return new Response(JSON.stringify({ result: "tok" }));
      posts.push({ url, events: JSON.parse(String(init?.body)).events });
      return new Response(JSON.stringify({ result: "OK" }));
    }),
  );
});
afterEach(async () => {
  await flushEvents();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("event logger", () => {
  it("sends queued events together after one second", async () => {
    logEvent("spa_navigation", { path: "/sqllab/" });
    logEvent("spa_navigation", { path: "/chart/list/" });
    expect(posts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_MS);
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe("/superset/log/?explode=events");
    expect(posts[0].events.map((e) => e.event_name)).toEqual(["spa_navigation", "spa_navigation"]);
  });

  it("sends at once when 1024 events are queued", async () => {
    for (let i = 0; i < LOG_BATCH_SIZE; i++) logEvent("load_chart", { slice_id: i });
    await vi.advanceTimersByTimeAsync(0);
    expect(posts).toHaveLength(1);
    expect(posts[0].events).toHaveLength(LOG_BATCH_SIZE);
  });

  it("swallows a failed send", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("nope", { status: 500 })),
    );
    logEvent("x");
    await expect(flushEvents()).resolves.toBeUndefined();
  });
});
