import { Center, Loader } from "@mantine/core";
import { useParams, useSearchParams } from "react-router";
import { ApiErrorDisplay } from "../../components/error-display";
import { t } from "../../lib/i18n";
import { useLoadOnce } from "../../lib/use-load-once";
import type { PermalinkState } from "./api/create-permalink";
import { fetchDashboard } from "./api/dashboard";
import { fetchDashboardCharts } from "./api/dashboard-charts";
import { fetchDashboardDatasets } from "./api/dashboard-datasets";
import { fetchPermalink } from "./api/permalink";
import { DashboardView } from "./dashboard-view";
import { type Hydrated, hydrate } from "./model/hydrate";

interface Loaded {
  hydrated: Hydrated;
  permalink?: PermalinkState;
}

/** Dashboard, its charts and datasets, requested together (no waterfall). */
async function loadDashboard(idOrSlug: string): Promise<Hydrated> {
  const [dashboard, charts, datasets] = await Promise.all([
    fetchDashboard(idOrSlug),
    fetchDashboardCharts(idOrSlug),
    fetchDashboardDatasets(idOrSlug),
  ]);
  return hydrate(dashboard, charts, datasets);
}

function Page({
  load,
  loadKey,
  editMode,
}: {
  load: () => Promise<Loaded>;
  loadKey: string;
  editMode?: boolean;
}) {
  const { data, error } = useLoadOnce(loadKey, load);
  if (error) return <ApiErrorDisplay error={error} />;
  if (!data) {
    return (
      <Center h="50vh">
        <Loader aria-label={t("Loading dashboard")} />
      </Center>
    );
  }
  return (
    <DashboardView
      key={loadKey}
      hydrated={data.hydrated}
      initial={
        data.permalink
          ? {
              dataMask: data.permalink.dataMask,
              activeTabs: data.permalink.activeTabs,
              anchor: data.permalink.anchor,
              urlParams: data.permalink.urlParams,
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
  const [search] = useSearchParams();
  const editMode = search.get("edit") === "true";
  return (
    <Page
      loadKey={`d:${idOrSlug}`}
      load={async () => ({ hydrated: await loadDashboard(idOrSlug) })}
      editMode={editMode}
    />
  );
}

/** `/superset/dashboard/p/{key}/`: the dashboard with the permalink's filters and tabs. */
export function DashboardPermalinkPage() {
  const { key = "" } = useParams();
  return (
    <Page
      loadKey={`p:${key}`}
      load={async () => {
        const link = await fetchPermalink(key);
        return { hydrated: await loadDashboard(String(link.dashboardId)), permalink: link.state };
      }}
    />
  );
}
