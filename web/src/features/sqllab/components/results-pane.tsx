import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Progress,
  ScrollArea,
  Table,
  Tabs,
  Text,
} from "@mantine/core";
import { IconPlayerStop } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { ErrorType } from "@strata/contracts";
import { ErrorMessage } from "../../../components/error-display";
import { formatDateTime, t } from "../../../lib/i18n";
import { useQueryHistory } from "../api/query-history";
import { isRunning, type QueryRun, type QueryState } from "../model/types";
import { CtasOutcome } from "./ctas-outcome";
import { DownloadCsvButton } from "./download-csv-button";
import { ResultsNotices } from "./results-notices";
import { TableSchemaPanel } from "./tables/table-schema-panel";
import { type TableTabs, TableTabLabel } from "./tables/table-tab";
import { lazyComponent } from "../../../lib/lazy-part";

const ResultsTable = lazyComponent(() => import("./results-table"), <Loader size="sm" />);

const STATE_COLORS: Partial<Record<QueryState, string>> = {
  success: "teal",
  failed: "red",
  stopped: "orange",
  timed_out: "red",
  pending: "gray",
  running: "blue",
  fetching: "blue",
};

export function StateBadge({ state }: { state: QueryState }) {
  return (
    // Never narrower than its word: in the history table's narrow first column it read "SUCC…".
    <Badge
      color={STATE_COLORS[state] ?? "gray"}
      variant="light"
      style={{ minWidth: "max-content" }}
      data-test="query-state"
    >
      {state}
    </Badge>
  );
}

/**
 * The pane fills the height its tab gives it, down to the results grid: a height worked out from
 * the split and fixed allowances for the tabs and the status line left the grid a few rows tall
 * over unused space.
 */
const FILL_COLUMN: CSSProperties = { height: "100%", display: "flex", flexDirection: "column" };
const FILL: CSSProperties = { flex: 1, minHeight: 0, display: "flex", flexDirection: "column" };

interface Props {
  query: QueryRun | undefined;
  height: number;
  tab: string;
  onTabChange: (tab: string) => void;
  onStop: () => void;
  onOpenInNewTab: (sql: string, dbId: number | null, schema: string | null) => void;
  /** The tab's table schemas, each shown as its own tab (002 §2/§4). */
  tableTabs?: TableTabs;
}

/** South pane: Results, Query history and one tab per table schema (002 §2/§4). */
export function ResultsPane({ query, height, tab, onTabChange, onStop, onOpenInNewTab, tableTabs }: Props) {
  return (
    <Tabs
      value={tab}
      onChange={(v) => onTabChange(v ?? "results")}
      keepMounted={false}
      style={FILL_COLUMN}
      data-test="south-pane"
    >
      <Tabs.List>
        <Tabs.Tab value="results" data-test="tab-results">
          {t("Results")}
        </Tabs.Tab>
        <Tabs.Tab value="history" data-test="tab-history">
          {t("Query history")}
        </Tabs.Tab>
        {tableTabs?.tables.map((tb) => (
          <Tabs.Tab key={tb.id} value={tb.id} data-test={`tab-table-${tb.name}`}>
            <TableTabLabel table={tb} onRemove={() => tableTabs.onRemove(tb)} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="results" pt={6} style={FILL}>
        <QueryResultsView
          query={query}
          height={height - 48}
          onStop={onStop}
          onOpenInNewTab={onOpenInNewTab}
        />
      </Tabs.Panel>
      <Tabs.Panel value="history" pt={6} style={FILL}>
        <QueryHistory onOpen={onOpenInNewTab} />
      </Tabs.Panel>
      {tableTabs?.tables.map((tb) => {
        const preview = tb.dataPreviewQueryId ? tableTabs.queries[tb.dataPreviewQueryId] : undefined;
        return (
          <Tabs.Panel key={tb.id} value={tb.id} pt="xs">
            <TableSchemaPanel
              table={tb}
              height={height - 48}
              previewAllowed={tableTabs.previewAllowed(tb.dbId)}
              onPreview={tableTabs.onPreview}
              onRefreshPreview={(table) => tableTabs.onPreview(table, true)}
              previewRunning={isRunning(preview?.state)}
            >
              <QueryResultsView
                query={preview}
                height={height - 48}
                onStop={() => tableTabs.onStop(preview)}
                onOpenInNewTab={onOpenInNewTab}
              />
            </TableSchemaPanel>
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}

function QueryResultsView({
  query,
  height,
  onStop,
  onOpenInNewTab,
}: {
  query: QueryRun | undefined;
  height: number;
  onStop: () => void;
  onOpenInNewTab: Props["onOpenInNewTab"];
}) {
  if (!query) {
    return (
      <Text c="dimmed" size="sm" data-test="results-empty">
        {t("Run a query to display results")}
      </Text>
    );
  }
  if (isRunning(query.state)) {
    return (
      <Center h={Math.max(120, height)} data-test="query-running">
        <Group gap="sm">
          <Loader size="sm" />
          <StateBadge state={query.state} />
          <Progress value={query.progress} w={200} data-test="query-progress" />
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={14} />}
            onClick={onStop}
          >
            {t("Stop")}
          </Button>
        </Group>
      </Center>
    );
  }
  if (query.state === "failed" || query.state === "timed_out") {
    const error = query.errors?.[0] ?? {
      error_type: ErrorType.GENERIC_DB_ENGINE_ERROR,
      message: query.errorMessage ?? t("An error occurred"),
      level: "error" as const,
      extra: null,
    };
    return (
      <div data-test="query-error">
        <ErrorMessage error={error} source="sqllab" />
      </div>
    );
  }
  if (query.state === "stopped") {
    return (
      <Alert color="orange" data-test="query-stopped">
        {t("Query was stopped")}
      </Alert>
    );
  }
  if (query.ctas) return <CtasOutcome query={query} onOpenInNewTab={onOpenInNewTab} />;
  const data = query.results?.data ?? [];
  const columns = query.results?.columns ?? [];
  if (query.cached && data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t("Re-run the query to display results")}
      </Text>
    );
  }
  return (
    <div data-test="query-results" style={FILL}>
      <Group justify="space-between" mb={4}>
        <Group gap="xs">
          <StateBadge state={query.state} />
          <Text size="sm" data-test="row-count">
            {t("%s rows returned", query.rows ?? data.length)}
          </Text>
          <ResultsNotices query={query} shown={data.length} />
          {query.endDttm && (
            <Text size="xs" c="dimmed">
              {t("%s ms", Math.max(0, Math.round(query.endDttm - query.startDttm)))}
            </Text>
          )}
        </Group>
        <DownloadCsvButton query={query} disabled={columns.length === 0} />
      </Group>
      {columns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("The query returned no data")}
        </Text>
      ) : (
        <div style={{ flex: 1, minHeight: 120 }}>
          <ResultsTable rows={data} columns={columns} height={Math.max(120, height - 36)} fillHeight />
        </div>
      )}
    </div>
  );
}

function QueryHistory({
  onOpen,
}: {
  onOpen: (sql: string, dbId: number | null, schema: string | null) => void;
}) {
  const { data, isLoading, error } = useQueryHistory(true);
  if (isLoading) return <Loader size="sm" />;
  if (error) return <Text c="red">{t("An error occurred while fetching the query history")}</Text>;
  if (!data?.length)
    return (
      <Text c="dimmed" size="sm">
        {t("No query history yet...")}
      </Text>
    );
  return (
    <ScrollArea style={{ flex: 1, minHeight: 120 }} data-test="query-history">
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("State")}</Table.Th>
            <Table.Th>{t("Started")}</Table.Th>
            <Table.Th>{t("Duration")}</Table.Th>
            <Table.Th>{t("Rows")}</Table.Th>
            <Table.Th>{t("SQL")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((q) => (
            <Table.Tr key={q.id}>
              <Table.Td>
                <StateBadge state={q.state} />
              </Table.Td>
              <Table.Td>{q.startDttm ? formatDateTime(q.startDttm) : ""}</Table.Td>
              <Table.Td>
                {q.endDttm && q.startDttm ? `${Math.round(q.endDttm - q.startDttm)} ms` : ""}
              </Table.Td>
              <Table.Td>{q.rows ?? ""}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" lineClamp={2} maw={600}>
                  {q.sql}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onOpen(q.sql ?? "", q.dbId ?? null, q.schema ?? null)}
                >
                  {t("Open in new tab")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
