import { Text, Tooltip, UnstyledButton } from "@mantine/core";
import type { SqlLabQueryRow } from "@strata/contracts";
import { IconExternalLink, IconEye } from "@tabler/icons-react";
import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { RowActions } from "../../components/row-actions";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/auth/current-user";
import { formatDateTime, formatNumber, formatRelativeTime, t } from "../../lib/i18n";
import { optionsLoader } from "../../lib/resource/resource-options";
import { QueryPreviewModal } from "./components/query-preview-modal";
import { QueryStatusBadge } from "./components/query-status-badge";
import { requestedQueryOf } from "./model/open-in-sqllab";
import { QUERY_STATUSES } from "./model/query-status";

/** `GET /api/v1/query/`: SQL Lab runs, the caller's own (everyone's for admins and all_query_access). */
const RESOURCE = "query";
const NEWEST_FIRST = { id: "start_time", desc: true };
/** The list's own option lists (`related/database`, `related/user`), as Superset's page reads them. */
const loadDatabaseOptions = optionsLoader("related", RESOURCE, "database");
const loadUserOptions = optionsLoader("related", RESOURCE, "user");

/** Superset's filters of the query list, on the columns the server's list spec allows. */
function historyFilters(withUser: boolean): ListFilterConfig[] {
  return [
    {
      id: "dbId",
      title: t("Database"),
      input: "select",
      operator: "rel_o_m",
      fetchOptions: loadDatabaseOptions,
    },
    {
      id: "status",
      title: t("State"),
      input: "select",
      operator: "eq",
      options: QUERY_STATUSES.map((s) => ({ value: s.value, label: t(s.label) })),
    },
    // The server lists only the caller's own queries to anyone else: no one to choose from.
    ...(withUser
      ? [
          {
            id: "user_id",
            title: t("User"),
            input: "select" as const,
            operator: "rel_o_m",
            fetchOptions: loadUserOptions,
          },
        ]
      : []),
    // Days as the picker gives them; the server counts the last one whole, in UTC.
    { id: "start_time", title: t("Time range"), input: "datetime_range", operator: "between" },
    { id: "sql", title: t("Search by query text"), input: "search", operator: "ct" },
  ];
}

/** The run's start: "3 minutes ago", the exact time on hover. */
function StartTime({ ms }: { ms: number | null | undefined }) {
  if (!ms) return null;
  return (
    <Tooltip label={formatDateTime(ms, { dateStyle: "medium", timeStyle: "medium" })} withArrow>
      <Text size="sm" style={{ whiteSpace: "nowrap" }} data-test="query-start-time">
        {formatRelativeTime(ms)}
      </Text>
    </Tooltip>
  );
}

/** SQL → Query history (`/sqllab/history/`, Superset's QueryList). */
export default function QueryHistoryListPage() {
  const { user: me, isAdmin, can } = useCurrentUser();
  const seesOthers = isAdmin || can("all_query_access", "all_query_access");
  const canOpen = can("can_sqllab", "SQLLab");
  const navigate = useNavigate();
  const [preview, setPreview] = useState<SqlLabQueryRow | null>(null);

  const openInSqlLab = useCallback(
    (q: SqlLabQueryRow) => navigate(paths.sqllab, { state: { requestedQuery: requestedQueryOf(q) } }),
    [navigate],
  );
  const filters = useMemo(() => historyFilters(seesOthers), [seesOthers]);

  const columns = useMemo<ListColumn<SqlLabQueryRow>[]>(() => {
    // Each row names its database and user (the server adds them to the list's rows).
    const userName = (q: SqlLabQueryRow) =>
      q.user ? `${q.user.first_name} ${q.user.last_name}`.trim() : q.user_id === me.id ? me.username : "";
    return [
      {
        id: "start_time",
        header: t("Time"),
        sortable: true,
        render: (q) => <StartTime ms={q.start_time} />,
      },
      { id: "tab_name", header: t("Tab name"), render: (q) => q.tab_name ?? "" },
      { id: "dbId", header: t("Database"), render: (q) => q.database.database_name ?? "" },
      { id: "schema", header: t("Schema"), render: (q) => q.schema ?? "" },
      { id: "user_id", header: t("User"), render: userName },
      {
        id: "status",
        header: t("State"),
        sortable: true,
        render: (q) => <QueryStatusBadge status={q.status} />,
      },
      {
        id: "rows",
        header: t("Rows"),
        sortable: true,
        textAlign: "right",
        render: (q) => (q.rows === null || q.rows === undefined ? "" : formatNumber(q.rows)),
      },
      {
        id: "sql",
        header: t("SQL"),
        render: (q) => (
          <UnstyledButton
            onClick={() => setPreview(q)}
            aria-label={t("View query")}
            title={t("View query")}
            data-test="query-sql"
          >
            <Text size="xs" ff="monospace" lineClamp={1} maw={360}>
              {q.sql}
            </Text>
          </UnstyledButton>
        ),
      },
      {
        id: "actions",
        header: t("Actions"),
        render: (q) => (
          <RowActions
            actions={[
              {
                label: t("View query"),
                icon: <IconEye size={16} />,
                test: "view-query",
                onClick: () => setPreview(q),
              },
              {
                label: t("Open in SQL Lab"),
                icon: <IconExternalLink size={16} />,
                test: "open-in-sqllab",
                hidden: !canOpen,
                onClick: () => openInSqlLab(q),
              },
            ]}
          />
        ),
      },
    ];
  }, [me, canOpen, openInSqlLab]);

  return (
    <>
      <PageHeader title={t("Query history")} />
      <ListView<SqlLabQueryRow>
        resource={RESOURCE}
        resourceLabel="query"
        columns={columns}
        filters={filters}
        defaultSort={NEWEST_FIRST}
      />
      {preview && (
        <QueryPreviewModal
          query={preview}
          onClose={() => setPreview(null)}
          onOpenInSqlLab={canOpen ? openInSqlLab : undefined}
        />
      )}
    </>
  );
}
