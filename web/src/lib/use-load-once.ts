import { useEffect, useState } from "react";
import useSWR, { useSWRConfig } from "swr";

let lastMountId = 0;
/** Hooks showing each cache key (a StrictMode remount keeps its entry). */
const users = new Map<string, number>();

// Loaded once per key: nothing revalidates it behind the page's back.
const options = {
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 0,
};

/**
 * What a page loads to start from (a dashboard, Explore's chart and dataset): requested once per
 * `key` (null: nothing yet), kept only while this page shows it, so coming back loads it afresh.
 * `data` and `error` always answer the current key.
 */
export function useLoadOnce<T>(key: string | null, load: () => Promise<T>) {
  const [mountId] = useState(() => ++lastMountId);
  const { cache } = useSWRConfig();
  const cacheKey = key === null ? null : `page|${mountId}|${key}`;
  const result = useSWR<T, unknown>(cacheKey, () => load(), options);
  useEffect(() => {
    if (!cacheKey) return;
    users.set(cacheKey, (users.get(cacheKey) ?? 0) + 1);
    return () => {
      users.set(cacheKey, (users.get(cacheKey) ?? 1) - 1);
      setTimeout(() => {
        if ((users.get(cacheKey) ?? 0) > 0) return;
        users.delete(cacheKey);
        cache.delete(cacheKey);
      }, 0);
    };
  }, [cacheKey, cache]);
  return { data: result.data, error: result.error };
}
