import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost, resetCsrfToken } from "./api-client";
import { ApiError, errorFromBody, statusText } from "./api-error";

afterEach(() => {
  vi.unstubAllGlobals();
  resetCsrfToken();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("api client", () => {
  it("sends X-CSRFToken on writes only, fetching the token once", async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes("csrf_token") ? json({ result: "tok" }) : json({ id: 1, result: {} }),
    );
    vi.stubGlobal("fetch", fetch);
    await apiGet("/api/v1/dataset/1");
    await apiPost("/api/v1/dataset/", { table_name: "x" });
    await apiPost("/api/v1/dataset/", { table_name: "y" });
    const headersOf = (i: number) => (fetch.mock.calls[i][1]?.headers ?? {}) as Record<string, string>;
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      "/api/v1/dataset/1",
      "/api/v1/security/csrf_token/",
      "/api/v1/dataset/",
      "/api/v1/dataset/",
    ]);
    expect(headersOf(0)["X-CSRFToken"]).toBeUndefined();
    expect(headersOf(2)["X-CSRFToken"]).toBe("tok");
    expect(headersOf(3)["X-CSRFToken"]).toBe("tok");
  });

  it("sends a write in the turn it is made once the token is known, and forgets the token at a session change", async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes("csrf_token") ? json({ result: "tok" }) : json({ id: 1, result: {} }),
    );
    vi.stubGlobal("fetch", fetch);
    await apiPost("/api/v1/dataset/", { table_name: "x" });
    expect(fetch).toHaveBeenCalledTimes(2);
    const sent = apiPost("/api/v1/dataset/", { table_name: "y" });
    // Already on its way, not a turn later.
    expect(fetch).toHaveBeenCalledTimes(3);
    await sent;

    resetCsrfToken();
    const next = apiPost("/api/v1/dataset/", { table_name: "z" });
    // The new session's token is asked first; the write waits for it.
    expect(fetch.mock.calls.map((c) => c[0]).slice(3)).toEqual(["/api/v1/security/csrf_token/"]);
    await next;
    expect(fetch.mock.calls.map((c) => c[0]).slice(3)).toEqual([
      "/api/v1/security/csrf_token/",
      "/api/v1/dataset/",
    ]);
  });

  it("rejects with a typed ApiError carrying the Superset message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ message: "Dataset could not be found" }, 404)),
    );
    const err = (await apiGet("/api/v1/dataset/9").catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(404);
    expect(err.statusText).toBe("Not found");
    expect(err.message).toBe("Dataset could not be found");
  });

  it("turns a failed fetch into 'Network error'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const err = (await apiGet("/api/v1/dataset/").catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe("Network error");
    expect(err.statusText).toBe("Network error");
    expect(err.firstError.error_type).toBe("FRONTEND_NETWORK_ERROR");
  });
});

describe("error bodies (001 §8)", () => {
  it("maps status texts, unknown statuses give 'Unknown error'", () => {
    expect(statusText(409)).toBe("Conflict");
    expect(statusText(418)).toBe("Unknown error");
  });

  it("uses the first field message of an object message", () => {
    const err = errorFromBody(400, { message: { table_name: ["Missing data for required field."] } });
    expect(err.message).toBe("Missing data for required field.");
    expect(err.fieldErrors).toEqual({ table_name: ["Missing data for required field."] });
    expect(errorFromBody(400, { message: {} }).message).toBe("Invalid input");
  });

  it("prefers structured errors and keeps them", () => {
    const err = errorFromBody(422, {
      errors: [
        {
          error_type: "GENERIC_DB_ENGINE_ERROR",
          message: "boom",
          level: "error",
          extra: { engine_name: "DuckDB" },
        },
      ],
    });
    expect(err.message).toBe("boom");
    expect(err.firstError.error_type).toBe("GENERIC_DB_ENGINE_ERROR");
  });

  it("reports a stack as 'Unexpected error: ' plus the description", () => {
    expect(errorFromBody(500, { stack: "Traceback", description: "bad" }).message).toBe(
      "Unexpected error: bad",
    );
  });

  it("falls back to the status text, then 'An error occurred'", () => {
    expect(errorFromBody(503, null).message).toBe("Service unavailable");
    expect(errorFromBody(418, {}).message).toBe("An error occurred");
  });

  it("recognises CSRF failures as a timed out session", () => {
    expect(errorFromBody(400, { message: "The CSRF token is missing." }).firstError.error_type).toBe(
      "FRONTEND_CSRF_ERROR",
    );
  });
});
