import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { DatabaseRow } from "@strata/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../test/render";
import type { EstimateQueryRequest } from "@strata/contracts";
import { useCostEstimates } from "../use-cost-estimates";
import { allowsCostEstimate, EstimateCost } from "./estimate-cost";

const duckdb = {
  id: 1,
  database_name: "examples",
  backend: "duckdb",
  allows_cost_estimate: true,
} as DatabaseRow;
const PLAN = "┌──────────┐\n│ SEQ_SCAN │\n└──────────┘";

type Answer = { status?: number; body: unknown };

/** Answers the estimate calls in order; a call stays pending while `hold` is set. */
function serve(answers: Answer[]) {
  const posted: EstimateQueryRequest[] = [];
  let release: (() => void) | null = null;
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/security/csrf_token/") return Response.json({ result: "tok" });
    posted.push(JSON.parse(String(init?.body)));
    const answer = answers[Math.min(posted.length - 1, answers.length - 1)];
    await new Promise<void>((r) => {
      release = r;
    });
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fn);
  return { posted, answer: () => act(async () => release?.()) };
}

/** The estimate control with the page's state: `sql` is what a run would send now. */
function Harness({ sql, editorId = "e1" }: { sql: string; editorId?: string }) {
  const costs = useCostEstimates();
  return (
    <EstimateCost
      database={duckdb}
      estimate={costs.estimates[editorId]}
      onRequest={() =>
        costs.request(editorId, { database_id: 1, catalog: null, schema: "main", sql, template_params: "" })
      }
    />
  );
}

const dt = (id: string) => document.querySelector(`[data-test="${id}"]`);
const click = () => fireEvent.click(screen.getByRole("button", { name: "Estimate cost" }));

afterEach(() => vi.unstubAllGlobals());

describe("Estimate cost (002 §5/§7)", () => {
  it("is offered as the database's allows_cost_estimate says", () => {
    expect(allowsCostEstimate(duckdb)).toBe(true);
    expect(allowsCostEstimate({ ...duckdb, allows_cost_estimate: false })).toBe(false);
    expect(allowsCostEstimate({ ...duckdb, allows_cost_estimate: undefined })).toBe(false);
    expect(allowsCostEstimate(undefined)).toBe(false);
  });

  it("has no button for a database without estimates", () => {
    fakeFetch(() => ({ body: {} }));
    renderWithRouter(
      <EstimateCost
        database={{ ...duckdb, backend: "awsathena", allows_cost_estimate: false }}
        estimate={undefined}
        onRequest={() => {}}
      />,
    );
    expect(screen.queryByRole("button", { name: "Estimate cost" })).toBeNull();
  });

  it("shows a loader, then each statement's plan in a monospace block", async () => {
    const api = serve([
      {
        body: {
          result: [
            { statement: 1, plan: PLAN },
            { statement: 2, plan: "DUMMY_SCAN" },
          ],
        },
      },
    ]);
    renderWithRouter(<Harness sql="SELECT name FROM birth_names; SELECT 1" />);
    click();
    expect(await screen.findByText("Estimated cost")).toBeDefined();
    expect(dt("estimate-loading")).not.toBeNull();
    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toEqual({
      database_id: 1,
      catalog: null,
      schema: "main",
      sql: "SELECT name FROM birth_names; SELECT 1",
      template_params: "",
    });
    await api.answer();
    await waitFor(() => expect(document.querySelectorAll('[data-test="estimate-plan"]')).toHaveLength(2));
    const plans = [...document.querySelectorAll('[data-test="estimate-plan"]')];
    expect(plans[0].textContent).toBe(PLAN);
    expect(plans[0].tagName).toBe("PRE");
    expect(screen.getByText("Statement 2")).toBeDefined();
    expect(dt("estimate-loading")).toBeNull();
  });

  it("shows the server's error with the app's error display", async () => {
    const message = 'Parser Error: syntax error at or near "SELEC"';
    const api = serve([
      {
        status: 400,
        body: {
          message,
          errors: [{ error_type: "SYNTAX_ERROR", message, level: "error", extra: { engine_name: "DuckDB" } }],
        },
      },
    ]);
    renderWithRouter(<Harness sql="SELEC x" />);
    click();
    await waitFor(() => expect(api.posted).toHaveLength(1));
    await api.answer();
    await waitFor(() => expect(dt("estimate-error")).not.toBeNull());
    expect(dt("estimate-error")?.textContent).toContain("DuckDB Error");
    expect(dt("estimate-error")?.textContent).toContain(message);
  });

  it("keeps the estimate while the SQL is unchanged and asks again once it changes", async () => {
    const api = serve([{ body: { result: [{ statement: 1, plan: PLAN }] } }]);
    const view = renderWithRouter(<Harness sql="SELECT 1" />);
    click();
    await waitFor(() => expect(api.posted).toHaveLength(1));
    await api.answer();
    await waitFor(() => expect(dt("estimate-plan")).not.toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(dt("estimate-plan")).toBeNull());
    click();
    expect(dt("estimate-plan")?.textContent).toBe(PLAN);
    expect(api.posted).toHaveLength(1);

    view.unmount();
    renderWithRouter(<Harness sql="SELECT 2" />);
    click();
    await waitFor(() => expect(api.posted).toHaveLength(2));
    expect(api.posted[1].sql).toBe("SELECT 2");
  });
});
