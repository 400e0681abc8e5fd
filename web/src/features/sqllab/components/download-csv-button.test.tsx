import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../test/render";
import { querySuccess, startQuery } from "../model/query-transitions";
import { DownloadCsvButton } from "./download-csv-button";

const KEY = "6f1c1b7a-2b7c-4a4e-9c1e-0a0b0c0d0e0f";
const EXPIRED = "The results have expired; run the query again.";

const run = querySuccess(
  startQuery({
    id: "client-9",
    sqlEditorId: "e1",
    dbId: 1,
    catalog: null,
    schema: "main",
    sql: "SELECT 1",
    tab: "",
    runAsync: false,
    templateParams: "",
    queryLimit: 1000,
    startDttm: 0,
  }),
  { resultsKey: KEY, results: { data: [{ a: 1 }], columns: [{ column_name: "a" }] } },
);

/** Records the page's downloads (anchor clicks) instead of navigating. */
function downloads() {
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(new URL(this.href).pathname);
  });
  return clicked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Download to CSV", () => {
  it("checks the stored results with a zero-row read, then downloads the export", async () => {
    const api = fakeFetch(() => ({ body: { status: "success", data: [], columns: [] } }));
    const clicked = downloads();
    renderWithRouter(<DownloadCsvButton query={run} disabled={false} />);
    screen.getByRole("button", { name: /Download to CSV/ }).click();
    await waitFor(() => expect(clicked).toEqual(["/api/v1/sqllab/export/client-9/"]));
    expect(api.calls("/api/v1/sqllab/results/")).toEqual([`(key:'${KEY}',rows:0)`]);
  });

  it("toasts the server's message instead of a failed download when the results expired", async () => {
    fakeFetch(() => ({ status: 404, body: { message: EXPIRED } }));
    const clicked = downloads();
    renderWithRouter(<DownloadCsvButton query={run} disabled={false} />);
    screen.getByRole("button", { name: /Download to CSV/ }).click();
    expect(await screen.findByText(EXPIRED)).toBeDefined();
    expect(document.querySelector('[data-test="toast-danger"]')).not.toBeNull();
    expect(clicked).toEqual([]);
  });

  it("downloads directly when the run has no results key to check", async () => {
    const api = fakeFetch(() => ({ body: {} }));
    const clicked = downloads();
    renderWithRouter(<DownloadCsvButton query={{ ...run, resultsKey: null }} disabled={false} />);
    screen.getByRole("button", { name: /Download to CSV/ }).click();
    await waitFor(() => expect(clicked).toEqual(["/api/v1/sqllab/export/client-9/"]));
    expect(api.calls("/api/v1/sqllab/results/")).toEqual([]);
  });
});
