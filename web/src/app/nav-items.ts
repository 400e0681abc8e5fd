import { paths } from "../config/paths";
import { annotationPaths } from "../features/annotations/paths";
import type { CurrentUser } from "../lib/auth/current-user";

export interface NavLinkItem {
  label: string;
  to: string;
  visible: (u: CurrentUser) => boolean;
}

export interface NavMenu {
  label: string;
  items: NavLinkItem[];
}

export const topLinks: NavLinkItem[] = [
  { label: "Dashboards", to: paths.dashboards, visible: (u) => u.can("can_read", "Dashboard") },
  { label: "Charts", to: paths.charts, visible: (u) => u.can("can_read", "Chart") },
  { label: "Datasets", to: paths.datasets, visible: (u) => u.can("can_read", "Dataset") },
];

export const menus: NavMenu[] = [
  {
    label: "SQL",
    items: [
      { label: "SQL Lab", to: paths.sqllab, visible: (u) => u.can("can_sqllab", "SQLLab") },
      { label: "Saved queries", to: paths.savedQueries, visible: (u) => u.can("can_read", "SavedQuery") },
      { label: "Query history", to: paths.sqllabHistory, visible: (u) => u.can("can_sqllab", "SQLLab") },
    ],
  },
  {
    label: "Data",
    items: [
      { label: "Databases", to: paths.databases, visible: (u) => u.can("can_read", "Database") },
      {
        label: "Upload file to database",
        to: `${paths.databases}?upload=csv`,
        visible: (u) => u.can("can_upload", "Database"),
      },
    ],
  },
  {
    label: "Settings",
    items: [
      { label: "List users", to: paths.users, visible: (u) => u.isAdmin },
      { label: "List roles", to: paths.roles, visible: (u) => u.isAdmin },
      {
        label: "Annotation layers",
        to: annotationPaths.layers,
        visible: (u) => u.can("can_read", "AnnotationLayer"),
      },
      {
        label: "Alerts & reports",
        to: paths.alerts,
        visible: (u) => u.can("can_read", "ReportSchedule"),
      },
    ],
  },
];
