import { useEffect, useRef } from "react";
import type { FormData } from "../../../components/charts";
import { createFormDataKey } from "../api/create-form-data-key";
import { updateFormDataKey } from "../api/update-form-data-key";

const DEBOUNCE_MS = 1000;

/**
 * Keeps the unsaved form in a form-data key (POST once, then PUT) and reports the key so the URL
 * can carry `form_data_key`: a reload or a shared link restores the same state. Failures are
 * not fatal: the page keeps working without a key.
 */
export function useFormDataKey(
  formData: FormData,
  datasourceId: number,
  chartId: number | null,
  initialKey: string | null,
  onKey: (key: string) => void,
  enabled: boolean,
) {
  const key = useRef<string | null>(initialKey);
  const first = useRef(true);
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  // A key that arrives once the view is gone (the chart was just saved and Explore moved to it)
  // is not reported: putting it in the address would take the page back to the unsaved chart.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!enabled) return;
    const timer = setTimeout(() => {
      const save = key.current
        ? updateFormDataKey(key.current, formData, datasourceId, chartId).then(() => key.current!)
        : createFormDataKey(formData, datasourceId, chartId);
      save
        .then((k) => {
          if (k !== key.current) {
            key.current = k;
            if (mounted.current) onKeyRef.current(k);
          }
        })
        .catch((err) => console.warn("Could not store the explore state", err));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [formData, datasourceId, chartId, enabled]);
}
