import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { idleReclaim, reclaimWhenIdle } from "./idle-reclaim.ts";

const MB = 1024 * 1024;

describe("giving memory back when the server goes idle", () => {
  let t = 0;
  let heap = 100 * MB;
  let collections = 0;
  const make = () =>
    idleReclaim({
      collect: () => {
        collections++;
        heap = 100 * MB;
      },
      heapBytes: () => heap,
      now: () => t,
      idleMs: 2000,
      growthBytes: 32 * MB,
      checkEveryMs: 60_000,
    });
  afterEach(() => {
    t = 0;
    heap = 100 * MB;
    collections = 0;
  });

  it("collects after a burst, only when nothing is in flight and the heap has grown", () => {
    const r = make();
    const ends = Array.from({ length: 20 }, () => r.begin());
    heap = 300 * MB;
    t = 5000;
    expect(r.check()).toBe(false); // requests still in flight
    for (const end of ends.slice(0, 19)) end();
    expect(r.check()).toBe(false);
    ends[19]();
    ends[19](); // a second call for the same request counts once
    t = 6000;
    expect(r.check()).toBe(false); // idle for 1 s only
    t = 7000;
    expect(r.check()).toBe(true);
    expect(collections).toBe(1);
    // The heap shrank, so one more follows; it frees nothing more, so that is the last.
    t = 8000;
    expect(r.check()).toBe(true);
    t = 9000;
    expect(r.check()).toBe(false);
    expect(collections).toBe(2);
    // Nothing grew since: the quiet server is left alone.
    t = 60_000;
    expect(r.check()).toBe(false);
    r.stop();
  });

  it("stops after three collections in one quiet spell, and starts again after the next burst", () => {
    // A fragmented heap: each collection gives back only 20 MB.
    heap = 400 * MB;
    const shrinkSlowly = idleReclaim({
      collect: () => {
        collections++;
        heap -= 20 * MB;
      },
      heapBytes: () => heap,
      now: () => t,
      checkEveryMs: 60_000,
    });
    heap = 500 * MB;
    shrinkSlowly.begin()();
    const results = [3000, 4000, 5000, 6000, 7000].map((at) => {
      t = at;
      return shrinkSlowly.check();
    });
    expect(results).toEqual([true, true, true, false, false]);
    expect(heap).toBe(440 * MB);
    heap = 520 * MB;
    shrinkSlowly.begin()();
    t = 10_000;
    expect(shrinkSlowly.check()).toBe(true);
    shrinkSlowly.stop();
  });

  it("leaves a heap that grew a little alone", () => {
    const r = make();
    r.begin()();
    heap = 120 * MB;
    t = 10_000;
    expect(r.check()).toBe(false);
    expect(collections).toBe(0);
    r.stop();
  });

  it("does nothing without V8's gc function exposed", () => {
    const server = createServer();
    const saved = (globalThis as { gc?: unknown }).gc;
    delete (globalThis as { gc?: unknown }).gc;
    try {
      expect(reclaimWhenIdle(server)).toBeUndefined();
      expect(server.listenerCount("request")).toBe(0);
    } finally {
      if (saved) (globalThis as { gc?: unknown }).gc = saved;
    }
  });

  it("follows a real server's requests: no collection while one is in flight, one after", async () => {
    let calls = 0;
    const saved = (globalThis as { gc?: unknown }).gc;
    (globalThis as { gc?: unknown }).gc = () => calls++;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const server = createServer((req, res) => {
      if (req.url === "/slow") void held.then(() => res.end("slow"));
      else res.end("ok");
    });
    try {
      const r = reclaimWhenIdle(server, {
        idleMs: 30,
        growthBytes: 0,
        heapBytes: () => 0,
        checkEveryMs: 60_000,
      })!;
      await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await (await fetch(`${url}/`)).text()).toBe("ok");
      const slow = fetch(`${url}/slow`).then((res) => res.text());
      await new Promise((w) => setTimeout(w, 80));
      expect(r.check()).toBe(false);
      expect(calls).toBe(0);
      release();
      expect(await slow).toBe("slow");
      await new Promise((w) => setTimeout(w, 80));
      expect(r.check()).toBe(true);
      expect(calls).toBe(1);
    } finally {
      (globalThis as { gc?: unknown }).gc = saved;
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  });
});
