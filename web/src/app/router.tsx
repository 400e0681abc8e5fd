import { lazy } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { paths } from "../config/paths";
import { annotationPaths } from "../features/annotations/paths";
import { cssTemplatePaths } from "../features/css-templates/paths";
import { reportRenderPath } from "../features/report-render/paths";
import { rlsPaths } from "../features/rls/paths";
import { tagPaths } from "../features/tags/paths";
import { userInfoPaths } from "../features/user-info/paths";
import { AppLayout } from "./app-layout";
import { RouteErrorPage } from "./route-error-page";

const LoginPage = lazy(() => import("../features/login/login-page"));
const WelcomePage = lazy(() => import("../features/home/welcome-page"));
const DashboardsListPage = lazy(() => import("../features/dashboards/dashboards-list-page"));
const DashboardPage = lazy(() => import("../features/dashboards/dashboard-page"));
const DashboardPermalinkPage = lazy(() => import("../features/dashboards/dashboard-permalink-page"));
const ChartsListPage = lazy(() => import("../features/charts/charts-list-page"));
const ChartAddPage = lazy(() => import("../features/create/chart-add-page"));
const DashboardNewPage = lazy(() => import("../features/create/dashboard-new-page"));
const ExplorePage = lazy(() => import("../features/explore/explore-page"));
const DatasetsListPage = lazy(() => import("../features/datasets/datasets-list-page"));
const DatabasesListPage = lazy(() => import("../features/databases/databases-list-page"));
const SqlLabPage = lazy(() => import("../features/sqllab/sqllab-page"));
const SavedQueriesListPage = lazy(() => import("../features/saved-queries/saved-queries-list-page"));
const UsersListPage = lazy(() => import("../features/users/users-list-page"));
const RolesListPage = lazy(() => import("../features/roles/roles-list-page"));
const AnnotationLayersListPage = lazy(() => import("../features/annotations/annotation-layers-list-page"));
const AnnotationsListPage = lazy(() => import("../features/annotations/annotations-list-page"));
const CssTemplatesListPage = lazy(() => import("../features/css-templates/css-templates-list-page"));
const RlsListPage = lazy(() => import("../features/rls/rls-list-page"));
const UserInfoPage = lazy(() => import("../features/user-info/user-info-page"));
const EmbeddedPage = lazy(() => import("../features/dashboards/embedded/embedded-page"));
const ReportRenderPage = lazy(() => import("../features/report-render/report-render-page"));
const AlertsReportsPage = lazy(() => import("../features/reports/alerts-reports-page"));
const ExecutionLogPage = lazy(() => import("../features/reports/execution-log-page"));
const TagsListPage = lazy(() => import("../features/tags/tags-list-page"));
const TaggedObjectsPage = lazy(() => import("../features/tags/tagged-objects-page"));
const NotFoundPage = lazy(() => import("./not-found-page"));

/** Route table; every Superset page route listed in PRODUCT.md resolves here. */
export const routes: RouteObject[] = [
  { path: paths.login, element: <LoginPage />, errorElement: <RouteErrorPage /> },
  // Outside the app shell: no navigation bar, no login gate (a guest token authenticates).
  { path: paths.embeddedPattern, element: <EmbeddedPage />, errorElement: <RouteErrorPage /> },
  // Where PNG and PDF reports are drawn: the server's headless browser hands it the data.
  { path: reportRenderPath, element: <ReportRenderPage />, errorElement: <RouteErrorPage /> },
  {
    path: "/",
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      { path: paths.home, element: <WelcomePage /> },
      { path: paths.dashboards, element: <DashboardsListPage /> },
      { path: paths.dashboardPermalinkPattern, element: <DashboardPermalinkPage /> },
      { path: paths.dashboardPattern, element: <DashboardPage /> },
      { path: paths.charts, element: <ChartsListPage /> },
      { path: paths.chartAdd, element: <ChartAddPage /> },
      { path: paths.dashboardNew, element: <DashboardNewPage /> },
      { path: paths.explore, element: <ExplorePage /> },
      { path: paths.explorePermalinkPattern, element: <ExplorePage /> },
      { path: paths.datasets, element: <DatasetsListPage /> },
      { path: paths.databases, element: <DatabasesListPage /> },
      { path: paths.sqllab, element: <SqlLabPage /> },
      { path: paths.sqllabHistory, element: <SqlLabPage history /> },
      { path: paths.sqllabPermalinkPattern, element: <SqlLabPage /> },
      { path: paths.savedQueries, element: <SavedQueriesListPage /> },
      { path: paths.users, element: <UsersListPage /> },
      { path: paths.roles, element: <RolesListPage /> },
      { path: annotationPaths.layers, element: <AnnotationLayersListPage /> },
      { path: annotationPaths.layerPattern, element: <AnnotationsListPage /> },
      { path: cssTemplatePaths.list, element: <CssTemplatesListPage /> },
      { path: rlsPaths.list, element: <RlsListPage /> },
      { path: userInfoPaths.info, element: <UserInfoPage /> },
      { path: paths.alerts, element: <AlertsReportsPage type="Alert" /> },
      { path: paths.reports, element: <AlertsReportsPage type="Report" /> },
      { path: paths.alertLogPattern, element: <ExecutionLogPage type="Alert" /> },
      { path: paths.reportLogPattern, element: <ExecutionLogPage type="Report" /> },
      { path: tagPaths.list, element: <TagsListPage /> },
      { path: tagPaths.entitiesPattern, element: <TaggedObjectsPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
