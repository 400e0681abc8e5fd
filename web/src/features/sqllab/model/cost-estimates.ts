import type { EstimateQueryRequest, StatementCost, SupersetError } from "@strata/contracts";

/** A tab's cost estimate (002 §3 "Cost estimates": completed, cost and error). */
export interface CostEstimate {
  /** The request it answers (see `estimateKey`): asking for something else replaces it. */
  key: string;
  completed: boolean;
  cost: StatementCost[] | null;
  error: SupersetError | null;
}

/** Cost estimates by query editor id. */
export type CostEstimates = Record<string, CostEstimate>;

/** What an estimate depends on: the SQL sent, and where and how it would run. */
export function estimateKey(body: EstimateQueryRequest): string {
  return JSON.stringify([body.database_id, body.catalog, body.schema, body.template_params, body.sql]);
}

/**
 * The tab's estimate for this request when it can be shown again without asking: one under way
 * or answered. A failed one is asked again (the failure may have been passing).
 */
export function keptEstimate(all: CostEstimates, editorId: string, key: string): CostEstimate | undefined {
  const kept = all[editorId];
  return kept && kept.key === key && !kept.error ? kept : undefined;
}

export function estimateStarted(all: CostEstimates, editorId: string, key: string): CostEstimates {
  return { ...all, [editorId]: { key, completed: false, cost: null, error: null } };
}

/** The answer, unless the tab asked for something else meanwhile (then it is dropped). */
export function estimateAnswered(
  all: CostEstimates,
  editorId: string,
  key: string,
  answer: { cost: StatementCost[] } | { error: SupersetError },
): CostEstimates {
  if (all[editorId]?.key !== key) return all;
  const done =
    "cost" in answer
      ? { key, completed: true, cost: answer.cost, error: null }
      : { key, completed: true, cost: null, error: answer.error };
  return { ...all, [editorId]: done };
}
