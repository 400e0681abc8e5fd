/** Every page route of the SPA, Superset-compatible where Superset has one. */
export const paths = {
  root: "/",
  login: "/login/",
  logout: "/logout/",
  home: "/superset/welcome/",
  dashboards: "/dashboard/list/",
  dashboard: (idOrSlug: number | string) => `/superset/dashboard/${idOrSlug}/`,
  dashboardPattern: "/superset/dashboard/:idOrSlug/",
  dashboardPermalink: (key: string) => `/superset/dashboard/p/${key}/`,
  dashboardPermalinkPattern: "/superset/dashboard/p/:key/",
  charts: "/chart/list/",
  /** Superset's "Create a new chart": a dataset and a visualisation, then Explore. */
  chartAdd: "/chart/add",
  /** Creates an empty dashboard and opens it in edit mode. */
  dashboardNew: "/dashboard/new/",
  explore: "/explore/",
  explorePermalinkPattern: "/superset/explore/p/:key/",
  datasets: "/tablemodelview/list/",
  databases: "/databaseview/list/",
  sqllab: "/sqllab/",
  sqllabHistory: "/sqllab/history/",
  sqllabPermalinkPattern: "/sqllab/p/:key",
  savedQueries: "/savedqueryview/list/",
  users: "/users/list/",
  roles: "/roles/list/",
  /** Settings → Alerts & reports: one page, a tab each. */
  alerts: "/alert/list/",
  reports: "/report/list/",
  /** A schedule's execution log. */
  alertLog: (id: number) => `/alert/${id}/log/`,
  alertLogPattern: "/alert/:id/log/",
  reportLog: (id: number) => `/report/${id}/log/`,
  reportLogPattern: "/report/:id/log/",
  embedded: (uuid: string) => `/embedded/${uuid}`,
  embeddedPattern: "/embedded/:uuid",
} as const;

/** `/login/?next=/current/path` */
export function loginPath(next?: string): string {
  return next ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login;
}

/** Only same-origin absolute paths are followed after login (no open redirects). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return paths.home;
  if (next.startsWith(paths.login)) return paths.home;
  return next;
}

/** Explore a saved chart. */
export function exploreChartPath(chartId: number): string {
  return `${paths.explore}?slice_id=${chartId}`;
}

/** Explore a dataset (a plain link until Explore exists in the SPA). */
export function exploreDatasetPath(datasetId: number): string {
  return `${paths.explore}?datasource_type=table&datasource_id=${datasetId}`;
}
