import { useCallback, useRef } from "react";
import { isApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";

const BACKEND_WARNING = t(
  'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
);

/**
 * Whether tabs and tables are still stored on the server. The first failure turns that off for the
 * page (they then live in localStorage only) and warns once.
 */
export function useBackendStatus() {
  const backendOn = useRef(true);
  const warned = useRef(false);
  const backendFailed = useCallback((error?: unknown) => {
    // A 404 means the tab or table is already gone on the server (closed meanwhile, or in
    // another browser): nothing is lost, so persistence stays on.
    if (isApiError(error) && error.status === 404) return;
    backendOn.current = false;
    if (!warned.current) {
      warned.current = true;
      toast.warning(BACKEND_WARNING);
    }
  }, []);
  return { backendOn, backendFailed };
}

export type BackendStatus = ReturnType<typeof useBackendStatus>;
