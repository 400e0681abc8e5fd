import { paths } from "../config/paths";
import { annotationPaths } from "../features/annotations/paths";
import { cssTemplatePaths } from "../features/css-templates/paths";
import { rlsPaths } from "../features/rls/paths";
import { userInfoPaths } from "../features/user-info/paths";
import type { CurrentUser } from "../lib/auth/current-user";
import { translatable } from "../lib/i18n";

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
  { label: translatable("Dashboards"), to: paths.dashboards, visible: (u) => u.can("can_read", "Dashboard") },
  { label: translatable("Charts"), to: paths.charts, visible: (u) => u.can("can_read", "Chart") },
  { label: translatable("Datasets"), to: paths.datasets, visible: (u) => u.can("can_read", "Dataset") },
];

export const menus: NavMenu[] = [
  {
    label: translatable("SQL"),
    items: [
      { label: translatable("SQL Lab"), to: paths.sqllab, visible: (u) => u.can("can_sqllab", "SQLLab") },
      {
        label: translatable("Saved queries"),
        to: paths.savedQueries,
        visible: (u) => u.can("can_read", "SavedQuery"),
      },
      {
        label: translatable("Query history"),
        to: paths.sqllabHistory,
        // The page reads GET /api/v1/query/, which needs this (as Superset's menu entry).
        visible: (u) => u.can("can_read", "Query"),
      },
    ],
  },
  {
    label: translatable("Data"),
    items: [
      {
        label: translatable("Databases"),
        to: paths.databases,
        visible: (u) => u.can("can_read", "Database"),
      },
      {
        label: translatable("Upload file to database"),
        to: `${paths.databases}?upload=csv`,
        visible: (u) => u.can("can_upload", "Database"),
      },
    ],
  },
];

/** A titled section of the Settings menu. */
export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

/**
 * The Settings menu, grouped as Superset's: Security, Manage, then the user's own links (the
 * menu adds Logout to that group and an About section with the version). An item shows only
 * with the permission behind its page; a group with no item left is not drawn.
 */
export const settingsGroups: NavGroup[] = [
  {
    label: translatable("Security"),
    items: [
      { label: translatable("List Users"), to: paths.users, visible: (u) => u.can("can_read", "User") },
      { label: translatable("List Roles"), to: paths.roles, visible: (u) => u.can("can_read", "Role") },
      {
        label: translatable("Row Level Security"),
        to: rlsPaths.list,
        visible: (u) => u.can("can_read", "RowLevelSecurity"),
      },
    ],
  },
  {
    label: translatable("Manage"),
    items: [
      {
        label: translatable("Annotation Layers"),
        to: annotationPaths.layers,
        visible: (u) => u.can("can_read", "AnnotationLayer"),
      },
      // Gamma reads templates (a dashboard's Edit CSS offers them); the page is for those who
      // manage them, as Superset keeps "CSS Templates" to Alpha and Admin.
      {
        label: translatable("CSS Templates"),
        to: cssTemplatePaths.list,
        visible: (u) => u.can("can_write", "CssTemplate"),
      },
      {
        label: translatable("Alerts & Reports"),
        to: paths.alerts,
        visible: (u) => u.can("can_read", "ReportSchedule"),
      },
      { label: translatable("Tags"), to: "/superset/tags/", visible: (u) => u.can("can_read", "Tag") },
    ],
  },
  {
    label: translatable("User"),
    items: [{ label: translatable("Info"), to: userInfoPaths.info, visible: () => true }],
  },
];
