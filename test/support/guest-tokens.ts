import {
  type ChartSpec,
  createChart,
  createDashboard,
  createPieChart,
  datasetId,
  replyOf,
} from "./dashboard-fixtures.ts";
import type { TestServer } from "./server.ts";

/**
 * An embedded guest as a host application makes one: embedding turned on for a dashboard, a
 * guest token issued for it by an admin, and requests made with that token in the header the
 * embedded SPA sends. The guest tests share this set-up so that each states only what it checks.
 */

/** A row-level clause carried in the token (applied on top of the admin's RLS rules). */
export interface GuestRls {
  clause: string;
  dataset?: number;
}

/** Turns embedding on for a dashboard (any framing domain unless named) and returns its uuid. */
export async function embedDashboard(
  s: TestServer,
  adminToken: string,
  dashboardId: number,
  allowedDomains: string[] = [],
): Promise<string> {
  const res = await s.call("POST", `/api/v1/dashboard/${dashboardId}/embedded`, {
    token: adminToken,
    body: { allowed_domains: allowedDomains },
  });
  return (await replyOf(res, `embedding dashboard ${dashboardId}`)).result.uuid as string;
}

/** Issues a guest token for embedded dashboards (by uuid), with the token's own RLS clauses. */
export async function issueGuestToken(
  s: TestServer,
  adminToken: string,
  embeddedUuid: string,
  opts: { rls?: GuestRls[]; username?: string } = {},
): Promise<string> {
  const res = await s.call("POST", "/api/v1/security/guest_token/", {
    token: adminToken,
    body: {
      ...(opts.username ? { user: { username: opts.username } } : {}),
      resources: [{ type: "dashboard", id: embeddedUuid }],
      rls: opts.rls ?? [],
    },
  });
  return (await replyOf(res, "issuing a guest token")).token as string;
}

/** Embeds the dashboard and issues one guest token for it. */
export async function guestTokenFor(
  s: TestServer,
  adminToken: string,
  dashboardId: number,
  opts: { rls?: GuestRls[]; username?: string } = {},
): Promise<string> {
  return issueGuestToken(s, adminToken, await embedDashboard(s, adminToken, dashboardId), opts);
}

/**
 * A published, embedded dashboard holding one chart, "By gender" (a pie of count by gender on
 * birth_names): what the async guest tests queue jobs for.
 */
export async function embeddedGenderPie(s: TestServer, adminToken: string, title: string) {
  const birth = await datasetId(s, adminToken, "birth_names");
  const dashboardId = await createDashboard(s, adminToken, title, { published: true });
  const chartId = await createPieChart(s, adminToken, {
    name: "By gender",
    datasetId: birth,
    dashboards: [dashboardId],
    groupby: "gender",
  });
  return { datasetId: birth, dashboardId, chartId, uuid: await embedDashboard(s, adminToken, dashboardId) };
}

/**
 * One chart saved on a published dashboard, and a guest token for that dashboard: a guest who may
 * run exactly that chart's query.
 */
export async function guestWithChart(
  s: TestServer,
  adminToken: string,
  dashboardTitle: string,
  chart: Omit<ChartSpec, "dashboards">,
  opts: { rls?: GuestRls[] } = {},
): Promise<{ dashboardId: number; chartId: number; guest: string }> {
  const dashboardId = await createDashboard(s, adminToken, dashboardTitle, { published: true });
  const chartId = await createChart(s, adminToken, { ...chart, dashboards: [dashboardId] });
  return { dashboardId, chartId, guest: await guestTokenFor(s, adminToken, dashboardId, opts) };
}

/** `POST /superset/explore_json/` as a guest, with this form data. */
export function exploreJsonAsGuest(s: TestServer, guestToken: string, formData: unknown): Promise<Response> {
  return callAsGuest(s, guestToken, "POST", "/superset/explore_json/", { form_data: formData });
}

/** Calls the app in-process as a guest: the token in `X-GuestToken`, a body sent as JSON. */
export function callAsGuest(
  s: TestServer,
  guestToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { "x-guesttoken": guestToken };
  if (body !== undefined) headers["content-type"] = "application/json";
  return Promise.resolve(
    s.app.request(path, { method, headers, body: body !== undefined ? JSON.stringify(body) : undefined }),
  );
}
