import { describe, expect, it, vi } from "vitest";
import { BackgroundWrites } from "./background-writes.ts";

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe("BackgroundWrites", () => {
  it("settles after the writes started before the call, not the ones started later", async () => {
    const writes = new BackgroundWrites("test");
    const first = deferred();
    writes.track(first.promise);
    let settled = false;
    const settling = writes.settled().then(() => {
      settled = true;
    });
    const later = deferred();
    writes.track(later.promise);
    await Promise.resolve();
    expect(settled).toBe(false);
    first.resolve();
    await settling;
    expect(settled).toBe(true);
    later.resolve();
    await writes.settled();
  });

  it("logs a failed write instead of throwing it at a reader", async () => {
    const writes = new BackgroundWrites("test");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = deferred();
    writes.track(failing.promise);
    failing.reject(new Error("disk full"));
    await expect(writes.settled()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith("[test] a write after the reply failed", expect.any(Error));
    log.mockRestore();
  });
});
