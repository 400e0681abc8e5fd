import { Center, Loader } from "@mantine/core";
import { useEffect } from "react";
import { useParams, useSearchParams } from "react-router";
import { ApiErrorDisplay } from "../../components/error-display";
import { prefetchCsrfToken } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import type { PermalinkState } from "./api/create-permalink";
import { usePermalink } from "./api/permalink";
import { DashboardView } from "./dashboard-view";
import { useHydratedDashboard } from "./hooks/use-hydrated-dashboard";
import type { Hydrated } from "./model/hydrate";

function Page({
  viewKey,
  hydrated,
  permalink,
  error,
  editMode,
}: {
  viewKey: string;
  hydrated?: Hydrated;
  permalink?: PermalinkState;
  error?: unknown;
  editMode?: boolean;
}) {
  if (error) return <ApiErrorDisplay error={error} />;
  if (!hydrated) {
    return (
      <Center h="50vh">
        <Loader aria-label={t("Loading dashboard")} />
      </Center>
    );
  }
  return (
    <DashboardView
      key={viewKey}
      hydrated={hydrated}
      initial={
        permalink
          ? {
              dataMask: permalink.dataMask,
              activeTabs: permalink.activeTabs,
              anchor: permalink.anchor,
              urlParams: permalink.urlParams,
            }
          : undefined
      }
      editMode={editMode}
    />
  );
}

/** `/superset/dashboard/{id_or_slug}/` (`?edit=true` opens edit mode when allowed, 001 §2). */
export default function DashboardPage() {
  const { idOrSlug = "" } = useParams();
  // The charts' data is a POST: its token is fetched while the dashboard itself loads.
  useEffect(prefetchCsrfToken, []);
  const [search] = useSearchParams();
  const editMode = search.get("edit") === "true";
  const dashboard = useHydratedDashboard(idOrSlug);
  return (
    <Page viewKey={`d:${idOrSlug}`} hydrated={dashboard.data} error={dashboard.error} editMode={editMode} />
  );
}

/** `/superset/dashboard/p/{key}/`: the dashboard with the permalink's filters and tabs. */
export function DashboardPermalinkPage() {
  const { key = "" } = useParams();
  useEffect(prefetchCsrfToken, []);
  const link = usePermalink(key);
  const dashboard = useHydratedDashboard(link.data ? String(link.data.dashboardId) : null);
  return (
    <Page
      viewKey={`p:${key}`}
      hydrated={dashboard.data}
      permalink={link.data?.state}
      error={link.error ?? dashboard.error}
    />
  );
}
