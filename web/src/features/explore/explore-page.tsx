import { Center, Loader } from "@mantine/core";
import { useCallback, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { ChartCreator } from "../../components/chart-create";
import { ApiErrorDisplay } from "../../components/error-display";
import { t } from "../../lib/i18n";
import { useDashboardForExplore } from "./api/dashboard-context";
import { type ExploreParams, useExplore } from "./api/explore";
import { useFormDataKey } from "./api/form-data-key";
import { ExploreView } from "./explore-view";
import { applyDashboardFilters, dashboardContext } from "./model/dashboard-context";
import { initialFormData } from "./model/form-data";
import { withPageUrlParams } from "./model/page-url-params";

const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const flag = (v: string | null) => v !== null && v !== "0" && v.toLowerCase() !== "false";

/**
 * `/explore/?slice_id=N`, `?datasource_id=N&datasource_type=table`, plus `viz_type`,
 * `form_data_key`, `standalone` (no navigation bar) and `force` (002 §2).
 */
export default function ExplorePage() {
  const [search] = useSearchParams();
  const { key: permalinkKey } = useParams();
  const params: ExploreParams = {
    slice_id: int(search.get("slice_id")),
    datasource_id: int(search.get("datasource_id")),
    datasource_type: search.get("datasource_type") ?? undefined,
    form_data_key: search.get("form_data_key") ?? undefined,
    viz_type: search.get("viz_type") ?? undefined,
    permalink_key: permalinkKey,
    dashboard_id: int(search.get("dashboard_id")),
  };
  // The page loads once per chart or dataset; the form-data key it writes back does not reload it.
  const identity = `${params.slice_id ?? ""}|${params.datasource_id ?? ""}|${params.datasource_type ?? ""}|${params.permalink_key ?? ""}|${params.dashboard_id ?? ""}`;
  const [loadCount, setLoadCount] = useState(0);
  const reload = useCallback(() => setLoadCount((n) => n + 1), []);
  // Requested together (no waterfall), each once per load.
  const loadKey =
    params.slice_id || params.datasource_id || params.permalink_key ? `${identity}:${loadCount}` : null;
  const explore = useExplore(loadKey, params);
  const keyFormData = useFormDataKey(loadKey, params.form_data_key);
  const dashboard = useDashboardForExplore(loadKey, params.dashboard_id);
  const error = explore.error;
  const data =
    explore.data && keyFormData.data !== undefined && dashboard.data !== undefined
      ? { explore: explore.data, keyFormData: keyFormData.data, dashboard: dashboard.data }
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: computed once per load (viz_type is read at load)
  const view = useMemo(() => {
    if (!data) return null;
    const { dataset, slice, form_data } = data.explore;
    const sliceId = slice?.slice_id ?? null;
    const server = { ...form_data, ...(data.keyFormData ?? {}) };
    let formData = withPageUrlParams(
      initialFormData(dataset, server, { vizType: params.viz_type, sliceId }),
      window.location.search,
    );
    // Opened from a dashboard: its colours and (unless it handed its current filters along) its
    // filters' defaults apply.
    if (data.dashboard)
      formData = applyDashboardFilters({
        ...formData,
        ...dashboardContext(
          data.dashboard,
          sliceId,
          dataset.id,
          !data.keyFormData,
          formData.label_colors as Record<string, string> | undefined,
        ),
      });
    return {
      dataset,
      slice,
      formData,
      savedFormData: slice
        ? initialFormData(
            dataset,
            { ...(slice.form_data ?? form_data), datasource: `${dataset.id}__table` },
            { sliceId },
          )
        : null,
    };
  }, [explore.data, keyFormData.data, dashboard.data]);

  // Nothing to explore yet: the same picker as `/chart/add`, not an error.
  if (!params.slice_id && !params.datasource_id && !params.permalink_key) {
    return <ChartCreator title={t("Choose a dataset to explore")} initialVizType={params.viz_type ?? null} />;
  }
  if (error) {
    return (
      <Center p="xl" data-test="explore-error">
        <ApiErrorDisplay error={error} source="explore" />
      </Center>
    );
  }
  if (!view) {
    return (
      <Center p="xl">
        <Loader aria-label={t("Loading")} />
      </Center>
    );
  }
  return (
    <ExploreView
      key={`${identity}:${loadCount}`}
      onReload={reload}
      dataset={view.dataset}
      formData={view.formData}
      savedFormData={view.savedFormData}
      slice={view.slice}
      standalone={flag(search.get("standalone"))}
      force={flag(search.get("force"))}
      formDataKey={params.form_data_key ?? null}
    />
  );
}
