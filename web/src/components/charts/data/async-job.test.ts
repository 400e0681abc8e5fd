import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "../../../test/render";
import { resetAsyncEvents, setAsyncJobTimeout, waitForAsyncJob } from "./async-job";

const job = { channel_id: "c", job_id: "j1", status: "pending", result_url: null };

afterEach(() => {
  resetAsyncEvents();
  setAsyncJobTimeout(60);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("async chart jobs", () => {
  it("gives up after SUPERSET_WEBSERVER_TIMEOUT with the timeout error when no event comes", async () => {
    vi.useFakeTimers();
    const api = fakeFetch(() => ({ body: { result: [] } }));
    const outcome = waitForAsyncJob(job).then(
      () => "resolved",
      (e) => e,
    );
    await vi.advanceTimersByTimeAsync(59_000);
    expect(api.fetch).toHaveBeenCalled(); // it was polling all along
    await vi.advanceTimersByTimeAsync(1_500);
    const error = await outcome;
    expect(error.message).toBe("Request timed out");
    expect(error.errors[0]).toMatchObject({ error_type: "FRONTEND_TIMEOUT_ERROR", extra: { timeout: 60 } });
    // The listener is gone: polling stops.
    const calls = api.fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.fetch.mock.calls.length).toBe(calls);
  });

  it("uses the configured timeout and still settles on an error event before it", async () => {
    vi.useFakeTimers();
    setAsyncJobTimeout(5);
    fakeFetch(() => ({
      body: {
        result: [
          { ...job, id: "1-j1", status: "error", errors: [{ message: "The chart's query was interrupted" }] },
        ],
      },
    }));
    const outcome = waitForAsyncJob(job).catch((e) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await outcome).message).toBe("The chart's query was interrupted");
  });
});
