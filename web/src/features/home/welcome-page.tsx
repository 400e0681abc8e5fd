import { SimpleGrid, Title } from "@mantine/core";
import type { ChartRow, DashboardRow, DatasetRow } from "@strata/contracts";
import { PanelErrorBoundary } from "../../components/error-display";
import { exploreDatasetPath, paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/auth/current-user";
import { t } from "../../lib/i18n";
import { RecentPanel } from "./recent-panel";

/** Home (`/superset/welcome/`): recently modified dashboards, charts and datasets. */
export default function WelcomePage() {
  const { user, can } = useCurrentUser();
  return (
    <>
      <Title order={2} mb="md">
        {t("Welcome, %s", user.first_name || user.username)}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {can("can_read", "Dashboard") && (
          <PanelErrorBoundary>
            <RecentPanel<DashboardRow>
              title={t("Dashboards")}
              resource="dashboard"
              listPath={paths.dashboards}
              nameOf={(d) => d.dashboard_title}
              hrefOf={(d) => d.url}
            />
          </PanelErrorBoundary>
        )}
        {can("can_read", "Chart") && (
          <PanelErrorBoundary>
            <RecentPanel<ChartRow>
              title={t("Charts")}
              resource="chart"
              listPath={paths.charts}
              nameOf={(c) => c.slice_name}
              hrefOf={(c) => c.url}
            />
          </PanelErrorBoundary>
        )}
        {can("can_read", "Dataset") && (
          <PanelErrorBoundary>
            <RecentPanel<DatasetRow>
              title={t("Datasets")}
              resource="dataset"
              listPath={paths.datasets}
              nameOf={(d) => d.table_name}
              hrefOf={(d) => d.explore_url || exploreDatasetPath(d.id)}
            />
          </PanelErrorBoundary>
        )}
      </SimpleGrid>
    </>
  );
}
