import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import ExecutionLogPage, { duration } from "./execution-log-page";

afterEach(() => vi.unstubAllGlobals());

function show(logs: unknown[]) {
  const api = fakeFetch((url) => {
    if (url.pathname === "/api/v1/report/4")
      return { body: { id: 4, result: { id: 4, name: "Too few births" } } };
    if (url.pathname === "/api/v1/report/4/log/")
      return { body: { count: logs.length, ids: [], result: logs } };
    return { status: 404, body: { message: "Not found" } };
  });
  renderWithRouter(
    <Routes>
      <Route path="/alert/:id/log/" element={<ExecutionLogPage type="Alert" />} />
    </Routes>,
    "/alert/4/log/",
  );
  return api;
}

describe("execution log", () => {
  it("shows each run's state, times, value and error, newest first, with a way back", async () => {
    const api = show([
      {
        id: 2,
        scheduled_dttm: "2026-01-01T10:00:00Z",
        start_dttm: "2026-01-01T10:00:01Z",
        end_dttm: "2026-01-01T10:00:03.500Z",
        state: "Error",
        error_message: "The query timed out",
        value: null,
        value_row_json: null,
        uuid: "b",
      },
      {
        id: 1,
        scheduled_dttm: "2026-01-01T09:00:00Z",
        start_dttm: "2026-01-01T09:00:01Z",
        end_dttm: "2026-01-01T09:00:02Z",
        state: "Success",
        error_message: null,
        value: 42,
        value_row_json: null,
        uuid: "a",
      },
    ]);
    await screen.findByText("The query timed out");
    expect(screen.getByText("42")).toBeTruthy();
    expect(screen.getByText("2.50s")).toBeTruthy();
    await screen.findByText("Too few births: execution log");
    expect(screen.getByRole("link", { name: /Back to all alerts/ }).getAttribute("href")).toBe(
      "/alert/list/",
    );
    expect(api.calls("/api/v1/report/4/log/")[0]).toContain("order_column:start_dttm,order_direction:desc");
  });

  it("measures durations", () => {
    expect(duration("2026-01-01T00:00:00Z", "2026-01-01T00:03:04Z")).toBe("3m 4s");
    expect(duration("2026-01-01T00:00:00Z", null)).toBe("");
  });
});
