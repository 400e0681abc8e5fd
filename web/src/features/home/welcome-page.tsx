import { Stack, Title } from "@mantine/core";
import type { ChartRow, DashboardRow, SavedQueryRow } from "@strata/contracts";
import { PanelErrorBoundary } from "../../components/error-display";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/auth/current-user";
import { t } from "../../lib/i18n";
import { HomeListPanel } from "./components/home-list-panel";
import { RecentsPanel } from "./components/recents-panel";

type Starred = { is_favorite?: boolean };

/**
 * Home (`/superset/welcome/`), as Superset's: Recents (viewed, edited, created), then the
 * Dashboards, Charts and Saved queries panels, each with Favorite / Mine / All.
 */
export default function WelcomePage() {
  const { user, can } = useCurrentUser();
  const access = {
    dashboards: can("can_read", "Dashboard"),
    charts: can("can_read", "Chart"),
    savedQueries: can("can_read", "SavedQuery"),
  };
  return (
    <Stack gap="md">
      <Title order={2}>{t("Welcome, %s", user.first_name || user.username)}</Title>
      <PanelErrorBoundary>
        <RecentsPanel userId={user.id} access={access} />
      </PanelErrorBoundary>
      {access.dashboards && (
        <PanelErrorBoundary>
          <HomeListPanel<DashboardRow & Starred>
            title={t("Dashboards")}
            resource="dashboard"
            userId={user.id}
            listPath={paths.dashboards}
            canCreate={can("can_write", "Dashboard")}
            starrable
            toRow={(d) => ({
              id: d.id,
              title: d.dashboard_title,
              url: d.url,
              modified: d.changed_on_delta_humanized,
              thumbnailUrl: d.thumbnail_url,
              isFavorite: d.is_favorite,
            })}
          />
        </PanelErrorBoundary>
      )}
      {access.charts && (
        <PanelErrorBoundary>
          <HomeListPanel<ChartRow & Starred & { thumbnail_url?: string | null }>
            title={t("Charts")}
            resource="chart"
            userId={user.id}
            listPath={paths.charts}
            canCreate={can("can_write", "Chart")}
            starrable
            toRow={(c) => ({
              id: c.id,
              title: c.slice_name,
              url: c.url,
              modified: c.changed_on_delta_humanized,
              thumbnailUrl: c.thumbnail_url,
              isFavorite: c.is_favorite,
            })}
          />
        </PanelErrorBoundary>
      )}
      {access.savedQueries && (
        <PanelErrorBoundary>
          <HomeListPanel<SavedQueryRow>
            title={t("Saved queries")}
            resource="saved_query"
            userId={user.id}
            listPath={paths.savedQueries}
            canCreate={can("can_sqllab", "SQLLab")}
            starrable={false}
            toRow={(q) => ({
              id: q.id,
              title: q.label,
              url: `${paths.sqllab}?savedQueryId=${q.id}`,
              modified: q.changed_on_delta_humanized,
              sql: q.sql,
            })}
          />
        </PanelErrorBoundary>
      )}
    </Stack>
  );
}
