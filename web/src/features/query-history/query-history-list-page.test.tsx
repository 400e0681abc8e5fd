import { decodeRison, type MeRoles, type SqlLabQueryRow } from "@strata/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "../../lib/auth/current-user";
import { fakeFetch, renderWithRouter } from "../../test/render";
import QueryHistoryListPage from "./query-history-list-page";

const me = (roles: MeRoles["roles"]): MeRoles => ({
  id: 5,
  username: "ana",
  first_name: "Ana",
  last_name: "Lee",
  email: "ana@example.com",
  is_active: true,
  is_anonymous: false,
  roles,
});
const SQL_LAB = me({
  sql_lab: [
    ["can_sqllab", "SQLLab"],
    ["can_read", "Query"],
  ],
});
const ADMIN = me({ Admin: [] });

function run(over: Partial<SqlLabQueryRow>): Partial<SqlLabQueryRow> {
  return {
    id: "c1",
    query_id: 1,
    client_id: "c1",
    dbId: 1,
    database: { id: 1, database_name: "examples" },
    schema: "main",
    sql: "SELECT 1",
    executed_sql: "SELECT 1",
    tab_name: "Untitled Query 1",
    status: "success",
    state: "success",
    rows: 1234,
    start_time: Date.now() - 3 * 60_000,
    user_id: 5,
    user: { id: 5, first_name: "Ana", last_name: "Lee" },
    ...over,
  };
}

const ROWS = [
  run({}),
  run({
    id: "c2",
    client_id: "c2",
    sql: "SELECT nope FROM birth_names",
    executed_sql: "SELECT nope FROM birth_names\nLIMIT 1001",
    status: "failed",
    state: "failed",
    rows: null,
    user_id: 9,
    user: { id: 9, first_name: "Bo", last_name: "Ray" },
    tab_name: "Failing tab",
  }),
];

function show(
  user: MeRoles,
  list: () => { status?: number; body: unknown } = () => ({
    body: { count: ROWS.length, ids: [1, 2], result: ROWS },
  }),
  url = "/sqllab/history/",
) {
  const api = fakeFetch((u) => {
    if (u.pathname === "/api/v1/query/") return list();
    if (u.pathname === "/api/v1/query/related/database")
      return { body: { count: 1, result: [{ value: 1, text: "examples" }] } };
    if (u.pathname === "/api/v1/query/related/user")
      return {
        body: {
          count: 2,
          result: [
            { value: 5, text: "Ana Lee" },
            { value: 9, text: "Bo Ray" },
          ],
        },
      };
    return { status: 404, body: { message: "Not found" } };
  });
  const utils = renderWithRouter(
    <CurrentUserProvider user={user}>
      <QueryHistoryListPage />
    </CurrentUserProvider>,
    url,
  );
  return { ...utils, api };
}

const badge = (el: HTMLElement) => el.closest('[data-test="query-status"]');
const filter = (id: string) => document.querySelector(`[data-test="filters-${id}"]`);
const rowOf = async (text: string) => (await screen.findByText(text)).closest("tr") as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe("the query history page", () => {
  it("lists the runs newest first, with their database, tab, state and rows", async () => {
    const { api } = show(SQL_LAB);
    const ok = await rowOf("SELECT 1");
    expect(within(ok).getByText("Untitled Query 1")).toBeInTheDocument();
    expect(await within(ok).findByText("examples")).toBeInTheDocument();
    expect(within(ok).getByText("Ana Lee")).toBeInTheDocument();
    expect(within(ok).getByText("1,234")).toBeInTheDocument();
    expect(within(ok).getByText("3 minutes ago")).toBeInTheDocument();
    expect(badge(within(ok).getByText("Success"))).toHaveAttribute("data-status", "success");
    const failed = await rowOf("SELECT nope FROM birth_names");
    expect(badge(within(failed).getByText("Failed"))).toHaveAttribute("data-status", "failed");

    const q = decodeRison(api.calls("/api/v1/query/")[0]) as Record<string, unknown>;
    expect(q).toMatchObject({ order_column: "start_time", order_direction: "desc", page: 0 });
    // Only admins and all_query_access see others' queries: no User filter.
    expect(filter("select-user_id")).toBeNull();
    expect(filter("select-dbId")).not.toBeNull();
    expect(filter("select-status")).not.toBeNull();
    expect(filter("search-sql")).not.toBeNull();
    // Rows name their database and user themselves: nothing else is read to show them.
    expect(api.calls("/api/v1/database/")).toEqual([]);
    expect(api.calls("/api/v1/query/related/")).toEqual([]);
  });

  it("offers the User filter to an admin and names other users' runs", async () => {
    show(ADMIN);
    const failed = await rowOf("SELECT nope FROM birth_names");
    expect(await within(failed).findByText("Bo Ray")).toBeInTheDocument();
    expect(filter("select-user_id")).not.toBeNull();
  });

  it("sends the State and SQL filters kept in the URL", async () => {
    const { api } = show(
      SQL_LAB,
      undefined,
      "/sqllab/history/?filters=(sql:nope,status:(label:Failed,value:failed))",
    );
    await rowOf("SELECT 1");
    const q = decodeRison(api.calls("/api/v1/query/")[0]) as { filters: unknown[] };
    expect(q.filters).toEqual(
      expect.arrayContaining([
        { col: "status", opr: "eq", value: "failed" },
        { col: "sql", opr: "ct", value: "nope" },
      ]),
    );
  });

  it("shows the whole SQL in a modal, as written and as executed, and opens it in SQL Lab", async () => {
    const { router } = show(SQL_LAB);
    const failed = await rowOf("SELECT nope FROM birth_names");
    fireEvent.click(within(failed).getByText("SELECT nope FROM birth_names"));
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByText("Query preview")).toBeInTheDocument();
    const sql = () => modal.querySelector('[data-test="query-preview-sql"]')?.textContent;
    expect(sql()).toBe("SELECT nope FROM birth_names");
    fireEvent.click(within(modal).getByText("Executed query"));
    await waitFor(() => expect(sql()).toBe("SELECT nope FROM birth_names\nLIMIT 1001"));

    fireEvent.click(within(modal).getByRole("button", { name: "Open in SQL Lab" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sqllab/"));
    expect(router.state.location.state).toEqual({
      requestedQuery: { sql: "SELECT nope FROM birth_names", dbId: 1, schema: "main" },
    });
  });

  it("opens a run in SQL Lab from its row", async () => {
    const { router } = show(SQL_LAB);
    const ok = await rowOf("SELECT 1");
    fireEvent.click(within(ok).getByRole("button", { name: "Open in SQL Lab" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sqllab/"));
    expect(router.state.location.state).toEqual({
      requestedQuery: { sql: "SELECT 1", dbId: 1, schema: "main" },
    });
  });

  it("has no Open in SQL Lab for a user without SQL Lab", async () => {
    show(me({ Reader: [["can_read", "Query"]] }));
    const ok = await rowOf("SELECT 1");
    expect(within(ok).queryByRole("button", { name: "Open in SQL Lab" })).toBeNull();
    expect(within(ok).getAllByRole("button", { name: "View query" })).toHaveLength(2);
  });

  it("shows the empty state when there are no runs", async () => {
    show(SQL_LAB, () => ({ body: { count: 0, ids: [], result: [] } }));
    expect(await screen.findByText("No Data")).toBeInTheDocument();
  });

  it("shows the error when the history can't be read", async () => {
    show(SQL_LAB, () => ({ status: 500, body: { message: "The history is unavailable" } }));
    expect((await screen.findAllByText(/The history is unavailable/)).length).toBeGreaterThan(0);
  });
});
