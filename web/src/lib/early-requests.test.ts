import { afterEach, describe, expect, it, vi } from "vitest";
import { startEarly, takeEarly } from "./early-requests";

afterEach(() => vi.useRealTimers());

describe("early requests", () => {
  it("hands a page the answer its route started, once, and loads afresh after that", async () => {
    let sent = 0;
    const load = () => Promise.resolve(++sent);
    startEarly("/api/v1/dashboard/1", load);
    startEarly("/api/v1/dashboard/1", load); // the same route matching again meanwhile: one request
    expect(sent).toBe(1);
    expect(await takeEarly("/api/v1/dashboard/1", load)).toBe(1);
    expect(await takeEarly("/api/v1/dashboard/1", load)).toBe(2);
    expect(await takeEarly("/api/v1/dashboard/2", load)).toBe(3);
  });

  it("never hands over an answer nobody took in time", async () => {
    vi.useFakeTimers();
    let sent = 0;
    const load = () => Promise.resolve(++sent);
    startEarly("/api/v1/dashboard/1", load);
    vi.advanceTimersByTime(6_000);
    expect(await takeEarly("/api/v1/dashboard/1", load)).toBe(2);
    // A route matching again after that window starts a new request.
    startEarly("/api/v1/dashboard/1", load);
    expect(await takeEarly("/api/v1/dashboard/1", load)).toBe(3);
  });

  it("leaves a failed early request to the page to report", async () => {
    startEarly("/api/v1/dashboard/9", () => Promise.reject(new Error("Forbidden")));
    await expect(takeEarly("/api/v1/dashboard/9", () => Promise.resolve("fresh"))).rejects.toThrow(
      "Forbidden",
    );
  });
});
