import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { paths } from "../../config/paths";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useIncomingQuery } from "./api/incoming-query";
import { type StoredSqlLabPermalink, useSqlLabPermalink } from "./api/permalink";
import { SHARED_QUERY } from "./model/tab-names";
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

/** The new tab for a shared link (`/sqllab/p/<key>`): titled 'Shared query', with the link's SQL, database, schema and template params. */
export function permalinkTabPatch(p: StoredSqlLabPermalink): Partial<QueryEditor> {
  const patch: Partial<QueryEditor> = { name: SHARED_QUERY, sql: p.sql ?? "" };
  if (p.dbId != null) {
    patch.dbId = p.dbId;
    patch.schema = p.schema ?? null;
    patch.catalog = p.catalog ?? null;
  } else if (p.schema != null) {
    patch.schema = p.schema;
  }
  const tp = p.templateParams;
  if (typeof tp === "string") patch.templateParams = tp;
  else if (tp && typeof tp === "object" && Object.keys(tp).length) patch.templateParams = JSON.stringify(tp);
  return patch;
}

/**
 * 002: `/sqllab/p/<key>` (a shared link) reads the permalink once the tabs are loaded, opens it
 * in a new 'Shared query' tab and replaces the location with `/sqllab/`.
 */
export function usePermalinkQuery(loaded: boolean, openTab: (patch: Partial<QueryEditor>) => void) {
  const { key } = useParams<{ key?: string }>();
  const navigate = useNavigate();
  const handled = useRef(new Set<string>());
  const link = useSqlLabPermalink(loaded && key ? key : null);

  useEffect(() => {
    if (!key || handled.current.has(key) || (!link.data && !link.error)) return;
    handled.current.add(key);
    if (link.data) openTab(permalinkTabPatch(link.data));
    else toast.danger(t("The link couldn't be loaded"));
    navigate(paths.sqllab, { replace: true });
  }, [key, link.data, link.error, navigate, openTab]);
}

/**
 * 000 §2: `/sqllab/` receives a requested query through router state (`requestedQuery`) or
 * through a form post that the server turns into `?incoming=<key>`. Either opens a new tab once
 * the tabs are loaded, and is then removed from the location so a reload does not repeat it
 * (an incoming query is read after that: the key is kept until it answered).
 */
export function useRequestedQuery(loaded: boolean, openTab: (patch: Partial<QueryEditor>) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(new Set<string>());
  const incoming = new URLSearchParams(location.search).get("incoming");
  const requested = (location.state as { requestedQuery?: unknown } | null)?.requestedQuery;
  const [reading, setReading] = useState<string | null>(null);
  const query = useIncomingQuery(reading);

  useEffect(() => {
    if (!loaded) return;
    const fromState = isRequestedQuery(requested) ? requested : null;
    if (!incoming && !fromState) return;
    // One handling per location entry (StrictMode runs effects twice).
    const token = `${location.key}|${incoming ?? ""}`;
    if (handled.current.has(token)) return;
    handled.current.add(token);

    if (fromState) openTab(requestedTabPatch(fromState));
    if (incoming) setReading(incoming);

    const search = new URLSearchParams(location.search);
    search.delete("incoming");
    const rest = search.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
      { replace: true, state: null },
    );
  }, [loaded, incoming, requested, location, navigate, openTab]);

  useEffect(() => {
    if (!reading || (!query.data && !query.error)) return;
    setReading(null);
    if (query.data) {
      const q = query.data;
      openTab(
        requestedTabPatch({
          sql: q.sql ?? "",
          dbId: q.database_id,
          schema: q.schema,
          datasourceKey: q.datasource_key,
        }),
      );
    } else toast.danger(t("An error occurred while loading the SQL"));
  }, [reading, query.data, query.error, openTab]);
}
