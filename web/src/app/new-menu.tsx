import { ActionIcon, Menu } from "@mantine/core";
import {
  IconChartBar,
  IconDatabase,
  IconLayoutDashboard,
  IconPlus,
  IconTerminal2,
  IconUpload,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../config/paths";
import { type CurrentUser, useCurrentUser } from "../lib/auth/current-user";
import { t, translatable } from "../lib/i18n";

interface NewItem {
  label: string;
  to: string;
  test: string;
  icon?: ReactNode;
  visible: (u: CurrentUser) => boolean;
}

/** Superset 6's "+" menu; each entry shows only to users who can use it. */
const ITEMS: NewItem[] = [
  {
    label: translatable("SQL query"),
    to: `${paths.sqllab}?new=true`,
    test: "new-sql-query",
    icon: <IconTerminal2 size={14} />,
    visible: (u) => u.can("can_sqllab", "SQLLab"),
  },
  {
    label: translatable("Chart"),
    to: paths.chartAdd,
    test: "new-chart",
    icon: <IconChartBar size={14} />,
    visible: (u) => u.can("can_write", "Chart"),
  },
  {
    label: translatable("Dashboard"),
    to: paths.dashboardNew,
    test: "new-dashboard",
    icon: <IconLayoutDashboard size={14} />,
    visible: (u) => u.can("can_write", "Dashboard"),
  },
];

const DATA_ITEMS: NewItem[] = [
  {
    label: translatable("Connect database"),
    to: `${paths.databases}?create=database`,
    test: "new-connect-database",
    icon: <IconDatabase size={14} />,
    visible: (u) => u.can("can_write", "Database"),
  },
  ...(
    [
      ["csv", translatable("Upload CSV to database")],
      ["excel", translatable("Upload Excel to database")],
      ["columnar", translatable("Upload Columnar file to database")],
    ] as const
  ).map(([type, label]) => ({
    label,
    to: `${paths.databases}?upload=${type}`,
    test: `new-upload-${type}`,
    icon: <IconUpload size={14} />,
    visible: (u: CurrentUser) => u.can("can_upload", "Database"),
  })),
];

export function NewMenu() {
  const current = useCurrentUser();
  const items = ITEMS.filter((i) => i.visible(current));
  const data = DATA_ITEMS.filter((i) => i.visible(current));
  if (items.length === 0 && data.length === 0) return null;
  const entry = (i: NewItem) => (
    <Menu.Item key={i.test} component={Link} to={i.to} leftSection={i.icon} data-test={i.test}>
      {t(i.label)}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="dark" size="lg" aria-label={t("New")} data-test="new-dropdown">
          <IconPlus size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map(entry)}
        {data.length > 0 && (
          <>
            {items.length > 0 && <Menu.Divider />}
            <Menu.Label>{t("Data")}</Menu.Label>
            {data.map(entry)}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
