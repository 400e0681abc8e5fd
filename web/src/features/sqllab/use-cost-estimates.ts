import { type EstimateQueryRequest, ErrorType, type SupersetError } from "@strata/contracts";
import { useCallback, useRef, useState } from "react";
import { errorMessage, isApiError } from "../../lib/api-error";
import { estimateQueryCost } from "./api/estimate-cost";
import {
  type CostEstimates,
  estimateAnswered,
  estimateKey,
  estimateStarted,
  keptEstimate,
} from "./model/cost-estimates";

function errorOf(e: unknown): SupersetError {
  if (isApiError(e)) return e.firstError;
  return {
    error_type: ErrorType.GENERIC_BACKEND_ERROR,
    message: errorMessage(e),
    level: "error",
    extra: null,
  };
}

/**
 * Cost estimates of the tabs, kept per tab while what it would run is unchanged: asking again
 * for the same SQL shows the kept answer without a new call.
 */
export function useCostEstimates() {
  const [estimates, setEstimates] = useState<CostEstimates>({});
  // Read synchronously so that a second click before the next render does not ask twice.
  const current = useRef(estimates);
  const update = useCallback((change: (all: CostEstimates) => CostEstimates) => {
    current.current = change(current.current);
    setEstimates(current.current);
  }, []);

  const request = useCallback(
    (editorId: string, body: EstimateQueryRequest) => {
      const key = estimateKey(body);
      if (keptEstimate(current.current, editorId, key)) return;
      update((all) => estimateStarted(all, editorId, key));
      estimateQueryCost(body).then(
        (cost) => update((all) => estimateAnswered(all, editorId, key, { cost })),
        (e) => update((all) => estimateAnswered(all, editorId, key, { error: errorOf(e) })),
      );
    },
    [update],
  );

  return { estimates, request };
}
