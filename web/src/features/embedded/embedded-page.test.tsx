import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { setGuestToken } from "../../lib/api-client";
import { fakeFetch } from "../../test/render";
import EmbeddedPage from "./embedded-page";

vi.mock("../../components/charts/render/chart-renderer", () => ({
  ChartRenderer: ({ results }: { results: { rowcount?: number }[] }) => (
    <div data-test="fake-chart">{results[0]?.rowcount ?? 0} rows</div>
  ),
}));

class InView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  setGuestToken(null);
});

const HOST = "https://host.example";
const dashboard = {
  id: 5,
  dashboard_title: "Births",
  slug: null,
  url: "/superset/dashboard/5/",
  published: true,
  css: "",
  json_metadata: "{}",
  position_json: null,
  owners: [],
  certified_by: null,
  certification_details: null,
  last_modified_time: 1,
};
const chart = {
  id: 11,
  slice_name: "Gender table",
  viz_type: "table",
  datasource_id: 3,
  params: JSON.stringify({ viz_type: "table", groupby: ["gender"], metrics: ["count"] }),
};
const dataset = {
  id: 3,
  table_name: "birth_names",
  columns: [{ column_name: "gender", type: "VARCHAR" }],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
};

function serve(validToken: string) {
  return fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/embedded_dashboard/abc")
      return { body: { result: { uuid: "abc", dashboard_id: "5", allowed_domains: [HOST] } } };
    const token = (init?.headers as Record<string, string> | undefined)?.["X-GuestToken"];
    if (token !== validToken) return { status: 401, body: { message: "Guest token is invalid or expired" } };
    if (url.pathname === "/api/v1/dashboard/5") return { body: { result: dashboard } };
    if (url.pathname === "/api/v1/dashboard/5/charts") return { body: { result: [chart] } };
    if (url.pathname === "/api/v1/dashboard/5/datasets") return { body: { result: [dataset] } };
    if (url.pathname === "/api/v1/chart/data")
      return { body: { result: [{ data: [], rowcount: 2, colnames: [] }] } };
    return { status: 404, body: { message: "Not found" } };
  });
}

function open(url: string) {
  const router = createMemoryRouter([{ path: "/embedded/:uuid", element: <EmbeddedPage /> }], {
    initialEntries: [url],
  });
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe("EmbeddedPage", () => {
  it("waits for a guest token from an allowed origin, then shows the dashboard read-only", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    const api = serve("tok");
    open("/embedded/abc?uiConfig=8");
    await screen.findByLabelText("Waiting for a guest token");
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { type: "guestToken", guestToken: "tok" },
        origin: "https://evil.example",
      }),
    );
    window.dispatchEvent(
      new MessageEvent("message", { data: { type: "guestToken", guestToken: "tok" }, origin: HOST }),
    );
    await screen.findByText("2 rows");
    expect(screen.getByText("Births")).toBeInTheDocument();
    const root = document.querySelector('[data-test="embedded-dashboard"]');
    expect(root?.hasAttribute("data-hide-chart-controls")).toBe(true);
    for (const id of ["edit-dashboard-button", "favorite-star", "share-dashboard", "dashboard-menu"])
      expect(document.querySelector(`[data-test="${id}"]`)).toBeNull();
    const calls = api.fetch.mock.calls.map(([input, init]) => ({
      path: String(input),
      headers: ((init as RequestInit | undefined)?.headers ?? {}) as Record<string, string>,
      credentials: (init as RequestInit | undefined)?.credentials,
    }));
    expect(calls.some((c) => c.path.includes("csrf_token"))).toBe(false);
    const guestCalls = calls.filter((c) => !c.path.includes("embedded_dashboard"));
    expect(guestCalls.length).toBeGreaterThan(3);
    for (const c of guestCalls) {
      expect(c.headers["X-GuestToken"]).toBe("tok");
      expect(c.credentials).toBe("omit");
    }
  });

  it("takes ?guest_token= and hides the title with uiConfig=1", async () => {
    vi.stubGlobal("IntersectionObserver", InView);
    serve("url-token");
    open("/embedded/abc?guest_token=url-token&uiConfig=1");
    await screen.findByText("2 rows");
    expect(screen.queryByText("Births")).toBeNull();
  });

  it("shows the error display for an invalid token", async () => {
    serve("good");
    open("/embedded/abc?guest_token=expired");
    await waitFor(() => expect(document.querySelector('[data-test="embedded-error"]')).not.toBeNull());
    expect(screen.getByText(/Guest token is invalid or expired/)).toBeInTheDocument();
  });
});
