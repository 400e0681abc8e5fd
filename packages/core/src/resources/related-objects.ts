import type {
  CountedList,
  DatabaseRelatedObjects,
  DatasetRelatedObjects,
  RelatedChart,
  RelatedDashboard,
} from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Databases } from "../databases/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { forbidden } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { TabStates } from "../sqllab/tab-state.ts";

const counted = <T>(result: T[]): CountedList<T> => ({ count: result.length, result });

/**
 * What depends on a database or a dataset: the charts drawn from it, the dashboards showing
 * those charts and (for a database) the caller's SQL Lab tabs on it. Read before a deletion, so
 * the one deleting sees what breaks. Each list holds only what the caller may see: the names of
 * others' private charts and drafts are not theirs to read, and tabs are personal.
 */
export class RelatedObjects {
  constructor(
    private readonly deps: {
      databases: Databases;
      datasets: Datasets;
      charts: Charts;
      dashboards: Dashboards;
      tabStates: TabStates;
    },
  ) {}

  async ofDataset(p: Principal, id: number): Promise<DatasetRelatedObjects> {
    refuseGuests(p);
    await this.deps.datasets.get(p, id);
    return this.over(p, new Set([id]));
  }

  async ofDatabase(p: Principal, id: number): Promise<DatabaseRelatedObjects> {
    refuseGuests(p);
    await this.deps.databases.get(p, id);
    const datasets = (await this.deps.datasets.allShared()).filter((d) => d.database_id === id);
    const [related, tabs] = await Promise.all([
      this.over(p, new Set(datasets.map((d) => d.id))),
      this.deps.tabStates.mineOn(p, id),
    ]);
    return { ...related, sqllab_tab_states: counted(tabs) };
  }

  private async over(p: Principal, datasetIds: ReadonlySet<number>): Promise<DatasetRelatedObjects> {
    const charts = await this.deps.charts.visibleOnDatasets(p, datasetIds);
    const dashboards = await this.deps.dashboards.visibleAmong(
      p,
      charts.flatMap((c) => c.dashboards),
    );
    const chartRows: RelatedChart[] = charts
      .map((c) => ({ id: c.id, slice_name: c.slice_name, viz_type: c.viz_type }))
      .sort((a, b) => a.id - b.id);
    const dashboardRows: RelatedDashboard[] = dashboards
      .map((d) => ({ id: d.id, json_metadata: d.json_metadata, slug: d.slug, title: d.dashboard_title }))
      .sort((a, b) => a.id - b.id);
    return { charts: counted(chartRows), dashboards: counted(dashboardRows) };
  }
}

/**
 * An embedded guest reads its dashboards' data, not what the objects behind them are used by:
 * that answers a deletion, which a guest never makes.
 */
function refuseGuests(p: Principal): void {
  if (p.guest) throw forbidden("Embedded guests can't list what a database or dataset is used by.");
}
