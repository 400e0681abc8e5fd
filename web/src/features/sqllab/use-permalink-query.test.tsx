import { screen, waitFor } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { makeEditor } from "./model/editor-state";
import type { QueryEditor } from "./model/types";
import { permalinkTabPatch, usePermalinkQuery } from "./use-requested-query";

function Harness({ openTab }: { openTab: (patch: Partial<QueryEditor>) => void }) {
  usePermalinkQuery(true, openTab);
  const location = useLocation();
  return <div data-test="where">{`where:${location.pathname}`}</div>;
}

function App({ openTab }: { openTab: (patch: Partial<QueryEditor>) => void }) {
  return (
    <Routes>
      <Route path="/sqllab/" element={<Harness openTab={openTab} />} />
      <Route path="/sqllab/p/:key" element={<Harness openTab={openTab} />} />
    </Routes>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("shared link /sqllab/p/<key> (002)", () => {
  it("fetches the permalink, opens a 'Shared query' tab with its fields and replaces the location with /sqllab/", async () => {
    const api = fakeFetch((url) =>
      url.pathname === "/api/v1/sqllab/permalink/kv:12"
        ? {
            body: {
              dbId: 4,
              sql: "SELECT {{ x }}",
              name: "Mine",
              schema: "main",
              catalog: null,
              autorun: false,
              templateParams: '{"x": 1}',
            },
          }
        : { status: 404, body: { message: "Not found" } },
    );
    const openTab = vi.fn();
    const { router } = renderWithRouter(<App openTab={openTab} />, "/sqllab/p/kv:12");
    await waitFor(() => expect(openTab).toHaveBeenCalledTimes(1));
    expect(openTab).toHaveBeenCalledWith({
      name: "Shared query",
      sql: "SELECT {{ x }}",
      dbId: 4,
      schema: "main",
      catalog: null,
      templateParams: '{"x": 1}',
    });
    await screen.findByText("where:/sqllab/");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(api.fetch.mock.calls.filter(([u]) => String(u).includes("/permalink/"))).toHaveLength(1);
  });

  it("shows an error toast and still goes to /sqllab/ when the key is unknown", async () => {
    fakeFetch(() => ({ status: 404, body: { message: "Not found" } }));
    const openTab = vi.fn();
    renderWithRouter(<App openTab={openTab} />, "/sqllab/p/kv:999");
    await screen.findByText("The link couldn't be loaded");
    await screen.findByText("where:/sqllab/");
    expect(openTab).not.toHaveBeenCalled();
  });

  it("does nothing on /sqllab/ without a key", async () => {
    const api = fakeFetch(() => ({ body: {} }));
    const openTab = vi.fn();
    renderWithRouter(<App openTab={openTab} />, "/sqllab/");
    await screen.findByText("where:/sqllab/");
    expect(openTab).not.toHaveBeenCalled();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe("permalinkTabPatch", () => {
  it("names the tab 'Shared query' and serializes object template params", () => {
    const patch = permalinkTabPatch({ dbId: 2, sql: "SELECT 1", templateParams: { a: 1 } });
    expect(patch).toEqual({
      name: "Shared query",
      sql: "SELECT 1",
      dbId: 2,
      schema: null,
      catalog: null,
      templateParams: '{"a":1}',
    });
    const ed = makeEditor([makeEditor([])], patch);
    expect(ed.name).toBe("Shared query");
    expect(ed.dbId).toBe(2);
    expect(permalinkTabPatch({ dbId: null, sql: "x" })).toEqual({ name: "Shared query", sql: "x" });
  });
});
