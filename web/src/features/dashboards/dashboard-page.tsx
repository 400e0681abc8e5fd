import { Center, Loader } from "@mantine/core";
import { useCallback, useEffect } from "react";
import { useParams, useSearchParams } from "react-router";
import { ApiErrorDisplay } from "../../components/error-display";
import { prefetchCsrfToken } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { usePermalink } from "./api/permalink";
import { DashboardView, type DashboardViewProps } from "./dashboard-view";
import { useHydratedDashboard } from "./hooks/use-hydrated-dashboard";
import { useDropEditParam, useNativeFiltersKey } from "./hooks/use-native-filters-key";
import type { DataMaskMap } from "./model/dashboard-types";
import type { Hydrated } from "./model/hydrate";

function Page({
  viewKey,
  hydrated,
  error,
  ...view
}: Omit<DashboardViewProps, "hydrated"> & { viewKey: string; hydrated?: Hydrated; error?: unknown }) {
  if (error) return <ApiErrorDisplay error={error} />;
  if (!hydrated) {
    return (
      <Center h="50vh">
        <Loader aria-label={t("Loading dashboard")} />
      </Center>
    );
  }
  return <DashboardView key={viewKey} hydrated={hydrated} {...view} />;
}

/**
 * `/superset/dashboard/{id_or_slug}/` (`?edit=true` opens edit mode when allowed, 001 §2;
 * `?native_filters_key=` the filters applied when the URL was last set).
 */
export default function DashboardPage() {
  const { idOrSlug = "" } = useParams();
  // The charts' data is a POST: its token is fetched while the dashboard itself loads.
  useEffect(prefetchCsrfToken, []);
  const [search] = useSearchParams();
  const editMode = search.get("edit") === "true";
  const dashboard = useHydratedDashboard(idOrSlug);
  const filters = useNativeFiltersKey(idOrSlug);
  const dropEditParam = useDropEditParam();
  const id = dashboard.data?.info.id;
  const { publish } = filters;
  const onDataMaskChange = useCallback(
    (dataMask: DataMaskMap) => {
      if (id !== undefined) publish(id, dataMask);
    },
    [id, publish],
  );
  return (
    <Page
      // A key from elsewhere is another state to open: the view starts again with it.
      viewKey={`d:${idOrSlug}|${filters.openedKey ?? ""}`}
      // Shown once the stored filters are in too, so no chart asks for its data twice.
      hydrated={filters.loading ? undefined : dashboard.data}
      initial={filters.dataMask ? { dataMask: filters.dataMask } : undefined}
      error={dashboard.error}
      editMode={editMode}
      onDataMaskChange={onDataMaskChange}
      onEditModeExit={dropEditParam}
    />
  );
}

/** `/superset/dashboard/p/{key}/`: the dashboard with the permalink's filters and tabs. */
export function DashboardPermalinkPage() {
  const { key = "" } = useParams();
  useEffect(prefetchCsrfToken, []);
  const link = usePermalink(key);
  const dashboard = useHydratedDashboard(link.data ? String(link.data.dashboardId) : null);
  const state = link.data?.state;
  return (
    <Page
      viewKey={`p:${key}`}
      hydrated={dashboard.data}
      initial={
        state
          ? {
              dataMask: state.dataMask,
              activeTabs: state.activeTabs,
              anchor: state.anchor,
              urlParams: state.urlParams,
            }
          : undefined
      }
      error={link.error ?? dashboard.error}
    />
  );
}
