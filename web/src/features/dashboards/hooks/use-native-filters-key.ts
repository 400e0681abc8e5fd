import { useCallback, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useOptionalCurrentUser } from "../../../lib/auth/current-user";
import { createFilterState, updateFilterState, useFilterState } from "../api/filter-state";
import type { DataMaskMap } from "../model/dashboard-types";
import { dataMaskFromFilterState, filterStateText } from "../model/filter-state";

/** Superset's URL parameter naming a dashboard's stored filter state. */
export const NATIVE_FILTERS_KEY = "native_filters_key";

interface Opened {
  dashboard: string;
  /** The key the dashboard was opened with (null: its filters' defaults). */
  key: string | null;
}

/**
 * The dashboard page's `?native_filters_key=`, as Superset keeps it: applied filters are stored
 * under a key (created, then overwritten while it is the caller's) that replaces itself in the
 * URL, so a reload, a bookmark or Back shows the same filters. Opening a URL with a key loads the
 * state before the dashboard is shown, so its charts ask for their data once, already filtered;
 * a key that is gone or unreadable opens the defaults without a word.
 */
export function useNativeFiltersKey(idOrSlug: string) {
  const [search] = useSearchParams();
  const urlKey = search.get(NATIVE_FILTERS_KEY);
  const navigate = useNavigate();
  const user = useOptionalCurrentUser();
  // Keys this page put in the URL itself: finding one there is not a new state to open.
  const written = useRef(new Set<string>());
  const [opened, setOpened] = useState<Opened>({ dashboard: idOrSlug, key: urlKey });
  let current = opened;
  const ours = urlKey !== null && written.current.has(urlKey);
  if (opened.dashboard !== idOrSlug || (urlKey !== opened.key && !ours)) {
    // Another dashboard, or a key from elsewhere (a link, history): open it afresh.
    current = { dashboard: idOrSlug, key: urlKey };
    setOpened(current);
  }
  const stored = useFilterState(current.dashboard, current.key);
  const loading = current.key !== null && stored.data === undefined && stored.error === undefined;
  const dataMask = useMemo(
    () => (stored.data === undefined ? undefined : (dataMaskFromFilterState(stored.data) ?? undefined)),
    [stored.data],
  );

  // Superset's SPA keeps no state for embedded or anonymous viewers: the server refuses them too.
  const canKeep = !!user && !user.user.is_anonymous;
  const pending = useRef<{ id: number; dataMask: DataMaskMap } | null>(null);
  const busy = useRef(false);
  /**
   * Stores the applied masks after a change. Writes go one at a time and only the latest masks
   * are written after a busy spell, so quick changes can't race into two keys.
   */
  const publish = useCallback(
    (dashboardId: number, dataMask: DataMaskMap) => {
      if (!canKeep) return;
      pending.current = { id: dashboardId, dataMask };
      if (busy.current) return;
      busy.current = true;
      const page = window.location.pathname;
      void (async () => {
        try {
          while (pending.current) {
            const { id, dataMask: masks } = pending.current;
            pending.current = null;
            const value = filterStateText(masks);
            const held = new URLSearchParams(window.location.search).get(NATIVE_FILTERS_KEY);
            // Someone else's key (a shared URL) or an expired one is not overwritten: a new one is made.
            let key = held
              ? await updateFilterState(id, held, value).then(
                  () => held,
                  () => null,
                )
              : null;
            key ??= await createFilterState(id, value).catch(() => null);
            // Left the page meanwhile: its URL is no longer ours to change.
            if (!key || window.location.pathname !== page) continue;
            written.current.add(key);
            if (key === held) continue;
            const next = new URLSearchParams(window.location.search);
            next.set(NATIVE_FILTERS_KEY, key);
            // Replaced, not pushed: Back leaves the dashboard rather than stepping through filters.
            navigate({ pathname: page, search: `?${next}`, hash: window.location.hash }, { replace: true });
          }
        } finally {
          busy.current = false;
        }
      })();
    },
    [canKeep, navigate],
  );

  return { openedKey: current.key, loading, dataMask, publish };
}

/** Drops `?edit=true` once edit mode is left (saved or discarded), so a reload opens the dashboard. */
export function useDropEditParam() {
  const navigate = useNavigate();
  return useCallback(() => {
    const next = new URLSearchParams(window.location.search);
    if (!next.has("edit")) return;
    next.delete("edit");
    const search = next.size ? `?${next}` : "";
    navigate({ pathname: window.location.pathname, search, hash: window.location.hash }, { replace: true });
  }, [navigate]);
}
