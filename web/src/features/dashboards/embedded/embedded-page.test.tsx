import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { setGuestToken } from "../../../lib/api-client";
import { fakeFetch } from "../../../test/render";
import { answerChartDataBatches } from "../testing/chart-data-batches";
import EmbeddedPage from "./embedded-page";
import { COMMS_TYPE } from "./guest-token-messages";

vi.mock("../../../components/charts/render/chart-renderer", () => ({
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
  columns: [
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
};

const rangeFilter = {
  id: "NATIVE_FILTER-range",
  type: "NATIVE_FILTER",
  name: "Number",
  filterType: "filter_range",
  targets: [{ datasetId: 3, column: { name: "num" } }],
  scope: { rootPath: ["ROOT_ID"], excluded: [] },
};

function serve(validToken: string, board: typeof dashboard = dashboard) {
  return answerChartDataBatches(
    fakeFetch((url, init) => {
      if (url.pathname === "/api/v1/embedded_dashboard/abc")
        return { body: { result: { uuid: "abc", dashboard_id: "5", allowed_domains: [HOST] } } };
      const token = (init?.headers as Record<string, string> | undefined)?.["X-GuestToken"];
      if (token !== validToken)
        return { status: 401, body: { message: "Guest token is invalid or expired" } };
      if (url.pathname === "/api/v1/dashboard/5") return { body: { result: board } };
      if (url.pathname === "/api/v1/dashboard/5/charts") return { body: { result: [chart] } };
      if (url.pathname === "/api/v1/dashboard/5/datasets") return { body: { result: [dataset] } };
      if (url.pathname === "/api/v1/chart/data") {
        const body = JSON.parse(String(init?.body));
        if (body.form_data?.viz_type === "filter_range")
          return { body: { result: [{ data: [{ min: 1, max: 99 }], rowcount: 1 }] } };
        return { body: { result: [{ data: [], rowcount: 2, colnames: [] }] } };
      }
      return { status: 404, body: { message: "Not found" } };
    }),
  );
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

describe("EmbeddedPage data masks (uiConfig bit 16)", () => {
  const realParent = Object.getOwnPropertyDescriptor(window, "parent");
  afterEach(() => {
    if (realParent) Object.defineProperty(window, "parent", realParent);
  });

  /** A framed page whose host uses the SDK: the port handshake, then the token on the port. */
  async function openFramed(uiConfig: string) {
    vi.stubGlobal("IntersectionObserver", InView);
    const parent = { postMessage: vi.fn() };
    Object.defineProperty(window, "parent", { value: parent, configurable: true });
    const dataSet = {
      ...dashboard,
      json_metadata: JSON.stringify({ native_filter_configuration: [rangeFilter] }),
    };
    const api = serve("tok", dataSet);
    open(`/embedded/abc?uiConfig=${uiConfig}`);
    await screen.findByLabelText("Waiting for a guest token");
    const port = {
      onmessage: null as ((e: { data: unknown }) => void) | null,
      start: vi.fn(),
      close: vi.fn(),
      postMessage: vi.fn(),
    };
    window.dispatchEvent(
      Object.assign(
        new MessageEvent("message", { data: { type: COMMS_TYPE, handshake: "port transfer" }, origin: HOST }),
        {
          ports: [port],
        },
      ) as Event,
    );
    port.onmessage?.({
      data: { switchboardAction: "emit", method: "guestToken", args: { guestToken: "tok" } },
    });
    await screen.findByText("2 rows", undefined, { timeout: 5000 });
    return { port, parent, api };
  }

  async function applyRange() {
    fireEvent.change(screen.getByLabelText("Minimum"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("Maximum"), { target: { value: "50" } });
    const apply = screen.getByRole("button", { name: "Apply filters" });
    await waitFor(() => expect(apply).toBeEnabled());
    fireEvent.click(apply);
  }

  it("sends every data mask change to the SDK port and the allowed parent origin", async () => {
    const { port, parent } = await openFramed("16");
    expect(port.postMessage).not.toHaveBeenCalled();
    expect(parent.postMessage).not.toHaveBeenCalled();

    await applyRange();
    await waitFor(() => expect(port.postMessage).toHaveBeenCalledTimes(1));
    const sent = port.postMessage.mock.calls[0]?.[0];
    expect(sent).toMatchObject({
      switchboardAction: "emit",
      method: "observeDataMask",
      args: {
        [rangeFilter.id]: {
          id: rangeFilter.id,
          filterState: { value: [10, 50] },
          extraFormData: {
            filters: [
              { col: "num", op: ">=", val: 10 },
              { col: "num", op: "<=", val: 50 },
            ],
          },
        },
      },
    });
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    const [windowMessage, targetOrigin] = parent.postMessage.mock.calls[0] ?? [];
    expect(targetOrigin).toBe(HOST);
    expect(windowMessage).toEqual({
      type: "dataMask",
      dataMask: { [rangeFilter.id]: sent.args[rangeFilter.id] },
    });

    // Cleared: another message, without the filter's value.
    fireEvent.click(screen.getByRole("button", { name: "Clear all" }));
    await waitFor(() => expect(port.postMessage).toHaveBeenCalledTimes(2));
    const cleared = port.postMessage.mock.calls[1]?.[0];
    expect(cleared.method).toBe("observeDataMask");
    expect(cleared.args[rangeFilter.id].filterState.value ?? null).toBeNull();
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
    expect(parent.postMessage.mock.calls[1]?.[1]).toBe(HOST);
  });

  it("sends nothing without bit 16", async () => {
    const { port, parent, api } = await openFramed("8");
    await applyRange();
    // The filter was applied: the chart asked again, filtered.
    await waitFor(() =>
      expect(
        api.fetch.mock.calls.some(([input, init]) => {
          if (!String(input).startsWith("/api/v1/chart/data")) return false;
          const body = JSON.parse(String((init as RequestInit).body));
          return body.form_data?.slice_id === 11 && body.queries[0].filters.length === 2;
        }),
      ).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(port.postMessage).not.toHaveBeenCalled();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
