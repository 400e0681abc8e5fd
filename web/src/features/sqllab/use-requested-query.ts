import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { getIncomingQuery } from "./api/sqllab-api";
import type { QueryEditor } from "./model/types";

/** What another feature may pass with `navigate("/sqllab/", { state: { requestedQuery } })`. */
export interface RequestedQuery {
  sql: string;
  dbId?: number | null;
  schema?: string | null;
  datasourceKey?: string | null;
}

export function isRequestedQuery(value: unknown): value is RequestedQuery {
  return typeof value === "object" && value !== null && typeof (value as { sql?: unknown }).sql === "string";
}

/**
 * The new tab's fields: the requested SQL, and its database and schema when given
 * (otherwise the new tab keeps the defaults of any new tab). The name stays 'Untitled Query N'.
 */
export function requestedTabPatch(q: RequestedQuery): Partial<QueryEditor> {
  const patch: Partial<QueryEditor> = { sql: q.sql };
  if (q.dbId != null) {
    patch.dbId = q.dbId;
    patch.schema = q.schema ?? null;
    patch.catalog = null;
  } else if (q.schema != null) {
    patch.schema = q.schema;
  }
  return patch;
}

/**
 * 000 §2: `/sqllab/` receives a requested query through router state (`requestedQuery`) or
 * through a form post that the server turns into `?incoming=<key>`. Either opens a new tab once
 * the tabs are loaded, and is then removed from the location so a reload does not repeat it.
 */
export function useRequestedQuery(loaded: boolean, openTab: (patch: Partial<QueryEditor>) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(new Set<string>());
  const incoming = new URLSearchParams(location.search).get("incoming");
  const requested = (location.state as { requestedQuery?: unknown } | null)?.requestedQuery;

  useEffect(() => {
    if (!loaded) return;
    const fromState = isRequestedQuery(requested) ? requested : null;
    if (!incoming && !fromState) return;
    // One handling per location entry (StrictMode runs effects twice).
    const token = `${location.key}|${incoming ?? ""}`;
    if (handled.current.has(token)) return;
    handled.current.add(token);

    if (fromState) openTab(requestedTabPatch(fromState));
    if (incoming) {
      getIncomingQuery(incoming)
        .then((q) =>
          openTab(
            requestedTabPatch({
              sql: q.sql ?? "",
              dbId: q.database_id,
              schema: q.schema,
              datasourceKey: q.datasource_key,
            }),
          ),
        )
        .catch(() => toast.danger(t("An error occurred while loading the SQL")));
    }

    const search = new URLSearchParams(location.search);
    search.delete("incoming");
    const rest = search.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
      { replace: true, state: null },
    );
  }, [loaded, incoming, requested, location, navigate, openTab]);
}
