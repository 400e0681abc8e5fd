import { useEffect } from "react";
import { reconcileChoice } from "./reconcile-choice";

/** Applies reconcileChoice whenever fresh options arrive from the server. */
export function useReconciledChoice(
  current: string | null,
  options: string[] | undefined,
  onChange: (v: string | null) => void,
) {
  useEffect(() => {
    const next = reconcileChoice(current, options);
    if (next !== current) onChange(next);
  }, [current, options, onChange]);
}
