import { Button, Stack, Text } from "@mantine/core";
import { IconPlus, IconStar } from "@tabler/icons-react";
import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { t } from "../../../lib/i18n";
import type { HomeResource, PanelTab } from "../model/home-queries";

export type RecentsTab = "Viewed" | "Edited" | "Created";

/** Superset's home empty states (its Welcome page's wording). */
const recentsText = (tab: RecentsTab) =>
  tab === "Viewed"
    ? t("Recently viewed charts, dashboards, and saved queries will appear here")
    : tab === "Edited"
      ? t("Recently edited charts, dashboards, and saved queries will appear here")
      : t("Recently created charts, dashboards, and saved queries will appear here");

export function RecentsEmptyState({ tab }: { tab: RecentsTab }) {
  return (
    <Text size="sm" c="dimmed" ta="center" py="lg" data-test="home-empty">
      {recentsText(tab)}
    </Text>
  );
}

const noneYet: Record<HomeResource, () => string> = {
  dashboard: () => t("No dashboards yet"),
  chart: () => t("No charts yet"),
  saved_query: () => t("No saved queries yet"),
};
const createLabel: Record<HomeResource, () => string> = {
  dashboard: () => t("Dashboard"),
  chart: () => t("Chart"),
  saved_query: () => t("SQL query"),
};
const createPath: Record<HomeResource, string> = {
  dashboard: paths.dashboardNew,
  chart: paths.chartAdd,
  saved_query: paths.sqllab,
};
const seeAllLabel: Record<HomeResource, () => string> = {
  dashboard: () => t("See all %(tableName)s", { tableName: t("dashboards") }),
  chart: () => t("See all %(tableName)s", { tableName: t("charts") }),
  saved_query: () => t("See all %(tableName)s", { tableName: t("SQL Lab queries") }),
};

/** A panel tab with nothing in it: a way to create one (Mine, All) or to find some to star. */
export function PanelEmptyState({
  resource,
  tab,
  listPath,
  canCreate,
}: {
  resource: HomeResource;
  tab: PanelTab;
  listPath: string;
  canCreate: boolean;
}) {
  if (tab === "Favorite") {
    return (
      <Stack align="center" gap="xs" py="lg" data-test="home-empty">
        <IconStar size={32} color="var(--mantine-color-gray-5)" />
        <Text size="sm" c="dimmed">
          {t("You don't have any favorites yet!")}
        </Text>
        <Button component={Link} to={listPath} size="xs" variant="light">
          {seeAllLabel[resource]()}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="xs" py="lg" data-test="home-empty">
      <Text size="sm" c="dimmed">
        {noneYet[resource]()}
      </Text>
      {canCreate && (
        <Button
          component={Link}
          to={createPath[resource]}
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
        >
          {createLabel[resource]()}
        </Button>
      )}
    </Stack>
  );
}
