import type { ExploreStateQuery } from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { badRequest } from "../errors.ts";
import type { ExploreFormData } from "../kv/explore-form-data.ts";
import type { ExplorePermalinks } from "../kv/explore-permalinks.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import { exploreDatasetView } from "./dataset-view.ts";

/**
 * `GET /api/v1/explore/`: what Explore opens with (Superset's GetExploreCommand). A form-data key
 * wins over a permalink, a permalink over a chart, a chart over a bare dataset.
 */
export class ExploreState {
  constructor(
    private readonly deps: {
      datasets: Pick<Datasets, "detail">;
      charts: Pick<Charts, "detail">;
      formData: Pick<ExploreFormData, "read">;
      permalinks: Pick<ExplorePermalinks, "read">;
    },
  ) {}

  async open(p: Principal, query: ExploreStateQuery) {
    requirePermission(p, "can_explore", "Superset");
    let formData: Record<string, unknown> = {};
    let datasetId = query.datasource_id;
    let slice: Record<string, unknown> | null = null;
    let sliceId = query.slice_id;
    // A permalink's state is the page: its form data, with the URL parameters it was made with as
    // `url_params`, and the chart it names.
    let permalink: Record<string, unknown> | null = null;
    let permalinkDataset: number | undefined;
    if (query.permalink_key) {
      const stored = await this.deps.permalinks.read(p, query.permalink_key);
      permalink = { ...stored.state.formData };
      if (stored.state.urlParams?.length) permalink.url_params = Object.fromEntries(stored.state.urlParams);
      permalinkDataset = stored.datasource_id;
      const named = Number(permalink.slice_id);
      if (!sliceId && Number.isSafeInteger(named) && named > 0) sliceId = named;
    }
    if (sliceId) {
      const detail = await this.deps.charts.detail(p, sliceId).catch((e) => {
        // A permalink opens with its form data even when its chart is gone or not the reader's.
        if (permalink) return null;
        throw e;
      });
      if (detail) {
        formData = detail.params ? (JSON.parse(detail.params) as Record<string, unknown>) : {};
        datasetId = detail.datasource_id;
        slice = {
          slice_id: detail.id,
          slice_name: detail.slice_name,
          description: detail.description,
          cache_timeout: detail.cache_timeout,
          form_data: { ...formData, slice_id: detail.id },
          owners: detail.owners.map((o) => o?.id),
          dashboards: detail.dashboards.map((d) => d?.id),
          viz_type: detail.viz_type,
        };
      } else sliceId = undefined;
    }
    if (permalink) {
      formData = permalink;
      datasetId = permalinkDataset;
    }
    if (query.form_data_key) {
      const stored = await this.deps.formData.read(query.form_data_key);
      formData = JSON.parse(stored.form_data) as Record<string, unknown>;
      datasetId = stored.datasource_id;
    }
    if (!datasetId)
      throw badRequest(
        "Give slice_id, form_data_key, permalink_key, or datasource_id with datasource_type=table.",
      );
    return {
      dataset: await exploreDatasetView(this.deps.datasets, p, datasetId),
      form_data: {
        ...formData,
        datasource: `${datasetId}__table`,
        ...(sliceId ? { slice_id: sliceId } : {}),
      },
      slice,
      message: null,
    };
  }
}
