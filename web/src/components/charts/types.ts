import type { ChartDataResultItem } from "@strata/contracts";

// The chart types the query builder reads live beside it in contracts, shared with the server.
export type {
  ChartColumn,
  ChartDataset,
  ChartMetric,
  FormData,
  OwnState,
} from "@strata/contracts/chart-query";

export type ChartDataResult = ChartDataResultItem & { data?: Record<string, unknown>[] };
