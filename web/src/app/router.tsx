import { Center, Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { paths } from "../config/paths";
import { annotationPaths } from "../features/annotations/paths";
import { cssTemplatePaths } from "../features/css-templates/paths";
import { startDashboardRequests } from "../features/dashboards/api/start-dashboard-requests";
import { reportRenderPath } from "../features/report-render/paths";
import { rlsPaths } from "../features/rls/paths";
import { tagPaths } from "../features/tags/paths";
import { userInfoPaths } from "../features/user-info/paths";
import { t } from "../lib/i18n";
import { AppLayout } from "./app-layout";
import { RouteErrorPage } from "./route-error-page";

/**
 * A page's route, loaded before the router shows it: the module arrives, then the page renders
 * at once. Rendered through React.lazy instead, a page suspends, and React 19 then holds the page
 * back until 300 ms after its loading fallback appeared, with nothing left to wait for; every
 * request a page makes on mount waited that long.
 */
function page<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  props?: P,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const { default: Page } = await load();
    return { Component: props ? () => <Page {...props} /> : (Page as ComponentType) };
  };
}

/** Shown while the first page's code loads (a plain element: nothing is held back). */
const firstLoad = (
  <Center p="xl">
    <Loader aria-label={t("Loading")} />
  </Center>
);

/** Route table; every Superset page route listed in PRODUCT.md resolves here. */
export const routes: RouteObject[] = [
  {
    path: paths.login,
    lazy: page(() => import("../features/login/login-page")),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: firstLoad,
  },
  // Outside the app shell: no navigation bar, no login gate (a guest token authenticates).
  {
    path: paths.embeddedPattern,
    lazy: page(() => import("../features/dashboards/embedded/embedded-page")),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: firstLoad,
  },
  // Where PNG and PDF reports are drawn: the server's headless browser hands it the data.
  {
    path: reportRenderPath,
    lazy: page(() => import("../features/report-render/report-render-page")),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: firstLoad,
  },
  {
    path: "/",
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: firstLoad,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      { path: paths.home, lazy: page(() => import("../features/home/welcome-page")) },
      { path: paths.dashboards, lazy: page(() => import("../features/dashboards/dashboards-list-page")) },
      {
        path: paths.dashboardPermalinkPattern,
        lazy: page(() => import("../features/dashboards/dashboard-permalink-page")),
      },
      {
        path: paths.dashboardPattern,
        loader: startDashboardRequests,
        // Another dashboard is a visit; the page changing its own address (filters, tabs) is not.
        shouldRevalidate: ({ currentParams, nextParams }) => currentParams.idOrSlug !== nextParams.idOrSlug,
        lazy: page(() => import("../features/dashboards/dashboard-page")),
      },
      { path: paths.charts, lazy: page(() => import("../features/charts/charts-list-page")) },
      { path: paths.chartAdd, lazy: page(() => import("../features/create/chart-add-page")) },
      { path: paths.dashboardNew, lazy: page(() => import("../features/create/dashboard-new-page")) },
      { path: paths.explore, lazy: page(() => import("../features/explore/explore-page")) },
      { path: paths.explorePermalinkPattern, lazy: page(() => import("../features/explore/explore-page")) },
      { path: paths.datasets, lazy: page(() => import("../features/datasets/datasets-list-page")) },
      { path: paths.databases, lazy: page(() => import("../features/databases/databases-list-page")) },
      { path: paths.sqllab, lazy: page(() => import("../features/sqllab/sqllab-page")) },
      // SQL → Query history: Superset's query list page (SQL Lab keeps its own history tab).
      {
        path: paths.sqllabHistory,
        lazy: page(() => import("../features/query-history/query-history-list-page")),
      },
      { path: paths.sqllabPermalinkPattern, lazy: page(() => import("../features/sqllab/sqllab-page")) },
      {
        path: paths.savedQueries,
        lazy: page(() => import("../features/saved-queries/saved-queries-list-page")),
      },
      { path: paths.users, lazy: page(() => import("../features/users/users-list-page")) },
      { path: paths.roles, lazy: page(() => import("../features/roles/roles-list-page")) },
      {
        path: annotationPaths.layers,
        lazy: page(() => import("../features/annotations/annotation-layers-list-page")),
      },
      {
        path: annotationPaths.layerPattern,
        lazy: page(() => import("../features/annotations/annotations-list-page")),
      },
      {
        path: cssTemplatePaths.list,
        lazy: page(() => import("../features/css-templates/css-templates-list-page")),
      },
      { path: rlsPaths.list, lazy: page(() => import("../features/rls/rls-list-page")) },
      { path: userInfoPaths.info, lazy: page(() => import("../features/user-info/user-info-page")) },
      {
        path: paths.alerts,
        lazy: page(() => import("../features/reports/alerts-reports-page"), { type: "Alert" }),
      },
      {
        path: paths.reports,
        lazy: page(() => import("../features/reports/alerts-reports-page"), { type: "Report" }),
      },
      {
        path: paths.alertLogPattern,
        lazy: page(() => import("../features/reports/execution-log-page"), { type: "Alert" }),
      },
      {
        path: paths.reportLogPattern,
        lazy: page(() => import("../features/reports/execution-log-page"), { type: "Report" }),
      },
      { path: tagPaths.list, lazy: page(() => import("../features/tags/tags-list-page")) },
      { path: tagPaths.entitiesPattern, lazy: page(() => import("../features/tags/tagged-objects-page")) },
      { path: "*", lazy: page(() => import("./not-found-page")) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
