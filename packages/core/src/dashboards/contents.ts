import type { Charts } from "../charts/service.ts";
import type { Datasets } from "../datasets/service.ts";
import type { Principal } from "../security/principal.ts";
import type { Dashboards } from "./service.ts";
import { dashboardTabs } from "./tabs.ts";

/** What a dashboard shows, as its page loads it: its charts (with form data) and their datasets. */
export class DashboardContents {
  constructor(
    private readonly dashboards: Pick<Dashboards, "get">,
    private readonly allCharts: Pick<Charts, "rowsOnDashboard">,
    private readonly allDatasets: Pick<Datasets, "detail">,
  ) {}

  private async chartRows(p: Principal, idOrSlug: string | number) {
    const d = await this.dashboards.get(p, idOrSlug);
    return this.allCharts.rowsOnDashboard(p, d);
  }

  /** `GET /api/v1/dashboard/{id_or_slug}/charts`: the charts on it the caller can see. */
  async charts(p: Principal, idOrSlug: string | number) {
    const rows = await this.chartRows(p, idOrSlug);
    return rows.map((r) => ({ ...r, form_data: r.params ? JSON.parse(r.params) : {} }));
  }

  /** `GET /api/v1/dashboard/{id_or_slug}/tabs`: its tabs, for choosing the one a report shows. */
  async tabs(p: Principal, idOrSlug: string | number) {
    return dashboardTabs((await this.dashboards.get(p, idOrSlug)).position_json);
  }

  /**
   * `GET /api/v1/dashboard/{id_or_slug}/datasets`: the datasets of those charts, each once;
   * one the caller may not read is left out rather than failing the page.
   */
  async datasets(p: Principal, idOrSlug: string | number) {
    const charts = await this.chartRows(p, idOrSlug);
    const result = [];
    for (const id of new Set(charts.map((r) => r.datasource_id))) {
      const detail = await this.allDatasets.detail(p, id).catch(() => undefined);
      if (detail) result.push({ ...detail, uid: `${id}__table`, type: "table" });
    }
    return result;
  }
}
