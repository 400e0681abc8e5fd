import type { ChartDataRequestInput } from "@strata/contracts";
import type { ChartDataset, FormData } from "../../../../components/charts";
import type { DrillByStep } from "../../model/drill-by";
import type { DrillByValue } from "../../model/drill-detail";
import { lazyComponent } from "../../../../lib/lazy-part";

const DrillDetailModal = lazyComponent(() => import("../modals/drill-detail-modal"));
const DrillByModal = lazyComponent(() => import("../modals/drill-by-modal"));
const ViewQueryModal = lazyComponent(() => import("../modals/view-query-modal"));
const ViewResultsModal = lazyComponent(() => import("../modals/view-results-modal"));
const CrossFilterScopingModal = lazyComponent(() => import("../modals/cross-filter-scoping-modal"));

/** A dialog a dashboard chart's menus open. */
export type ChartDialog =
  | { kind: "query" }
  | { kind: "results" }
  | { kind: "drill-detail"; by: DrillByValue | null }
  | { kind: "drill-by"; step: DrillByStep | null }
  | { kind: "scoping" };

/** The open dialog of one chart, loaded on first use. */
export function ChartDialogs({
  dialog,
  onClose,
  chartId,
  title,
  request,
  formData,
  dataset,
}: {
  dialog: ChartDialog | null;
  onClose: () => void;
  chartId: number;
  title: string;
  request: ChartDataRequestInput | null;
  formData: FormData | null;
  dataset: ChartDataset | undefined;
}) {
  if (!dialog) return null;
  const common = { chartName: title, onClose };
  return (
    <>
      {dialog.kind === "scoping" && <CrossFilterScopingModal chartId={chartId} {...common} />}
      {request && dialog.kind === "query" && <ViewQueryModal request={request} {...common} />}
      {request && dialog.kind === "results" && <ViewResultsModal request={request} {...common} />}
      {request && dialog.kind === "drill-detail" && (
        <DrillDetailModal request={request} by={dialog.by} {...common} />
      )}
      {formData && dialog.kind === "drill-by" && (
        <DrillByModal formData={formData} dataset={dataset} initial={dialog.step} {...common} />
      )}
    </>
  );
}
