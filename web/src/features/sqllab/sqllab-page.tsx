import {
  ActionIcon,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Menu,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from "@mantine/core";
import { useElementSize, useHotkeys } from "@mantine/hooks";
import {
  IconBraces,
  IconCalendarTime,
  IconChartBar,
  IconCopy,
  IconDeviceFloppy,
  IconDots,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLink,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconShare,
} from "@tabler/icons-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { exploreDatasetPath, paths } from "../../config/paths";
import { useDatabaseTables } from "../../lib/database-meta/database-tables";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import {
  createDatasetFromSql,
  createSavedQuery,
  createSqlLabPermalink,
  type EstimateBody,
  updateSavedQuery,
  useSqlLabDatabases,
} from "./api/sqllab-api";
import { LeftBar } from "./components/left-bar";
import type { CtasMethod } from "./api/sqllab-api";
import { CtasModal } from "./components/ctas-modal";
import { EstimateCost } from "./components/estimate-cost";
import { FormatSqlButton, useFormatSql } from "./components/format-sql";
import { ExploreModal, SaveQueryModal, ShareLinkModal, TemplateParamsModal } from "./components/modals";
import { QueryLimitSelect } from "./components/query-limit-select";
import { RunOptionsMenu } from "./components/run-options-menu";
import { ScheduleQueryModal } from "./components/schedule-modal";
import { ResultsPane } from "./components/results-pane";
import { selectStarOf } from "./components/tables/table-schema-card";
import type { TableTabs } from "./components/tables/table-tab";
import { appendStatement } from "./model/append-statement";
import type { CostEstimate } from "./model/cost-estimates";
import { editorsOf, makeEditor, southPaneTabOf, tablesOf } from "./model/editor-state";
import { estimateRequest, sqlToRun } from "./model/run-target";
import { copyTabName, isDefaultTabName, SHARED_QUERY, shortTabLabel } from "./model/tab-names";
import { HISTORY_TAB, RESULTS_TAB } from "./model/table-schemas";
import { isRunning, type QueryEditor, type QueryRun, type TableSchema } from "./model/types";
import { useCostEstimates } from "./use-cost-estimates";
import { type CtasRequest, useSqlLab } from "./use-sqllab";

const SqlEditor = lazy(() => import("./components/sql-editor"));

/** SQL Lab (`/sqllab/`, `/sqllab/history/`). */
export default function SqlLabPage({ history = false }: { history?: boolean }) {
  const [params] = useSearchParams();
  const savedQueryId = Number(params.get("savedQueryId")) || null;
  const { data: databases } = useSqlLabDatabases();
  const { state, dispatch, loaded, active, run, stop, conf, tables } = useSqlLab(databases, savedQueryId);
  const editors = editorsOf(state);
  const costs = useCostEstimates();
  // The south-pane tab lives in the state: adding, expanding or removing a table moves it (002 §4).
  const southTab = southPaneTabOf(state, active?.id);
  const setSouthTab = useCallback((tab: string) => dispatch({ type: "setSouthPaneTab", tab }), [dispatch]);
  useEffect(() => {
    if (loaded && history) setSouthTab(HISTORY_TAB);
  }, [loaded, history, setSouthTab]);

  useHotkeys([
    ["ctrl+]", () => dispatch({ type: "switchTab", direction: 1 })],
    ["ctrl+[", () => dispatch({ type: "switchTab", direction: -1 })],
  ]);

  const addTab = useCallback(
    (patch: Partial<QueryEditor> = {}) => dispatch({ type: "addEditor", editor: makeEditor(editors, patch) }),
    [dispatch, editors],
  );

  if (!loaded || !active) {
    return (
      <Group p="md">
        <Loader size="sm" />
        <Text>{t("Loading...")}</Text>
      </Group>
    );
  }

  return (
    <Stack gap={0} h="calc(100vh - 80px)" data-test="sqllab-page">
      <Tabs
        value={active.id}
        onChange={(id) => id && dispatch({ type: "setActive", id })}
        variant="outline"
        data-test="sqllab-tabs"
      >
        <Tabs.List>
          {editors.map((ed) => {
            const q = ed.latestQueryId ? state.queries[ed.latestQueryId] : undefined;
            return (
              <Tabs.Tab
                key={ed.id}
                value={ed.id}
                title={ed.name}
                data-test="sqllab-tab"
                leftSection={q && isRunning(q.state) ? <Loader size={10} /> : undefined}
                rightSection={
                  <Group gap={0} wrap="nowrap">
                    <TabMenu
                      onClose={() => dispatch({ type: "removeEditor", id: ed.id })}
                      onRename={() => {
                        const name = window.prompt(t("Enter a new title for the tab"), ed.name);
                        if (name?.trim())
                          dispatch({ type: "updateEditor", id: ed.id, patch: { name: name.trim() } });
                      }}
                      onCopy={() =>
                        addTab({
                          name: copyTabName(ed.name),
                          sql: ed.sql,
                          dbId: ed.dbId,
                          schema: ed.schema,
                          catalog: ed.catalog,
                          queryLimit: ed.queryLimit,
                          templateParams: ed.templateParams,
                        })
                      }
                      onCloseOthers={() => {
                        for (const o of editors)
                          if (o.id !== ed.id) dispatch({ type: "removeEditor", id: o.id });
                      }}
                    />
                    {editors.length > 1 && (
                      <CloseButton
                        size="xs"
                        aria-label={t("Close tab")}
                        onClick={(e) => {
                          e.stopPropagation();
                          dispatch({ type: "removeEditor", id: ed.id });
                        }}
                        data-test="close-tab"
                      />
                    )}
                  </Group>
                }
              >
                {shortTabLabel(ed.name)}
              </Tabs.Tab>
            );
          })}
          <ActionIcon
            variant="subtle"
            m={4}
            aria-label={t("Add tab")}
            onClick={() => addTab()}
            data-test="add-tab"
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Tabs.List>
      </Tabs>
      <EditorTab
        key={active.id}
        editor={active}
        databases={databases}
        query={active.latestQueryId ? state.queries[active.latestQueryId] : undefined}
        southTab={southTab}
        onSouthTab={setSouthTab}
        onChange={(patch) => dispatch({ type: "updateEditor", id: active.id, patch })}
        onRun={(sql, preview, ctas) => {
          setSouthTab(RESULTS_TAB);
          void run(active, sql, preview, ctas);
        }}
        maxRow={conf.SQL_MAX_ROW}
        onStop={(q) => void stop(q)}
        onOpenInNewTab={(sql, dbId, schema) => addTab({ sql, dbId, schema, catalog: null })}
        tableTabs={{
          tables: tablesOf(state, active.id),
          queries: state.queries,
          previewAllowed: tables.previewAllowed,
          onPreview: tables.runPreview,
          onRemove: tables.removeTable,
          onStop: (q) => void stop(q),
        }}
        onAddTable={(name) => tables.addTable(active, name)}
        onTableExpanded={tables.setExpanded}
        costEstimate={costs.estimates[active.id]}
        onEstimate={(body) => costs.request(active.id, body)}
      />
    </Stack>
  );
}

function TabMenu(props: {
  onClose: () => void;
  onRename: () => void;
  onCopy: () => void;
  onCloseOthers: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          size="xs"
          variant="subtle"
          component="span"
          aria-label={t("Tab actions")}
          onClick={(e) => e.stopPropagation()}
          data-test="tab-menu"
        >
          <IconDots size={12} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={props.onClose}>{t("Close tab")}</Menu.Item>
        <Menu.Item onClick={props.onRename}>{t("Rename tab")}</Menu.Item>
        <Menu.Item onClick={props.onCopy} data-test="duplicate-tab">
          {t("Duplicate tab")}
        </Menu.Item>
        <Menu.Item onClick={props.onCloseOthers}>{t("Close all other tabs")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface EditorTabProps {
  editor: QueryEditor;
  databases: ReturnType<typeof useSqlLabDatabases>["data"];
  query: QueryRun | undefined;
  southTab: string;
  onSouthTab: (t: string) => void;
  onChange: (patch: Partial<QueryEditor>) => void;
  onRun: (sql: string, preview?: boolean, ctas?: CtasRequest) => void;
  /** Largest LIMIT offered (SQL_MAX_ROW of the editor bootstrap). */
  maxRow?: number;
  onStop: (q: QueryRun | undefined) => void;
  onOpenInNewTab: (sql: string, dbId: number | null, schema: string | null) => void;
  /** The tab's table schemas: left-bar cards and south-pane tabs (002 §3/§4). */
  tableTabs: TableTabs;
  onAddTable: (name: string) => void;
  onTableExpanded: (table: TableSchema, expanded: boolean) => void;
  /** The tab's cost estimate (kept while its SQL is unchanged) and how to ask for one. */
  costEstimate: CostEstimate | undefined;
  onEstimate: (body: EstimateBody) => void;
}

function EditorTab({
  editor,
  databases,
  query,
  southTab,
  onSouthTab,
  onChange,
  onRun,
  onStop,
  onOpenInNewTab,
  maxRow,
  tableTabs,
  onAddTable,
  onTableExpanded,
  costEstimate,
  onEstimate,
}: EditorTabProps) {
  const navigate = useNavigate();
  const selected = useRef("");
  const [columns, setColumns] = useState<Record<string, string[]>>({});
  const [modal, setModal] = useState<"save" | "explore" | "params" | "schedule" | null>(null);
  const [ctasMethod, setCtasMethod] = useState<CtasMethod | null>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const { ref: splitRef, height: splitHeight } = useElementSize();
  const tables = useDatabaseTables(editor.dbId, editor.schema, editor.catalog);
  const completion = useMemo(() => {
    const out: Record<string, string[]> = {};
    for (const tb of tables.data ?? []) out[tb.value] = columns[tb.value] ?? [];
    return out;
  }, [tables.data, columns]);
  const onColumns = useCallback(
    (table: string, cols: string[]) => setColumns((c) => (c[table] === cols ? c : { ...c, [table]: cols })),
    [],
  );
  const running = isRunning(query?.state);
  const runNow = () => onRun(sqlToRun(editor.sql, selected.current));
  const formatter = useFormatSql(editor, onChange);
  const database = databases?.find((d) => d.id === editor.dbId);
  // Stable for the memoised table cards: reads the SQL at click time.
  const latest = useRef({ sql: editor.sql, onChange });
  latest.current = { sql: editor.sql, onChange };
  const insertSelectStar = useCallback((table: TableSchema) => {
    const { sql, onChange: change } = latest.current;
    change({ sql: appendStatement(sql, selectStarOf(table)) });
  }, []);

  const northPx = Math.max(120, Math.round((splitHeight * editor.northPercent) / 100));
  const southPx = Math.max(160, splitHeight - northPx - 48);

  const startDrag = (e: React.MouseEvent) => {
    e.preventDefault();
    const el = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    const move = (ev: MouseEvent) => {
      const pct = Math.min(85, Math.max(15, ((ev.clientY - el.top) / el.height) * 100));
      onChange({ northPercent: Math.round(pct), southPercent: 100 - Math.round(pct) });
    };
    const up = () => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  };

  const save = async (label: string, description: string, mode: "new" | "update") => {
    const body = {
      label,
      description,
      db_id: editor.dbId,
      schema: editor.schema,
      catalog: editor.catalog,
      sql: editor.sql,
      template_parameters: editor.templateParams,
    };
    if (mode === "update" && editor.remoteId) {
      try {
        await updateSavedQuery(editor.remoteId, body);
        onChange({ name: label });
        toast.success(t("Your query was updated"));
      } catch (e) {
        toast.danger(t("Your query could not be updated"));
        throw e;
      }
      return;
    }
    try {
      const res = await createSavedQuery(body);
      onChange({ name: label, remoteId: res.id });
      toast.success(t("Your query was saved"));
    } catch (e) {
      toast.danger(t("Your query could not be saved"));
      throw e;
    }
  };

  const copyLink = async () => {
    if (!editor.remoteId) return;
    const url = `${window.location.origin}${paths.sqllab}?savedQueryId=${editor.remoteId}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("Link Copied!"));
    } catch {
      toast.info(url);
    }
  };

  /** 002: stores the tab as a permalink and copies its url ('Link Copied!'), or shows it when copying is unsupported. */
  const shareLink = async () => {
    let url: string;
    try {
      ({ url } = await createSqlLabPermalink({
        dbId: editor.dbId,
        sql: editor.sql,
        name: editor.name,
        schema: editor.schema,
        catalog: editor.catalog,
        autorun: editor.autorun,
        templateParams: editor.templateParams || undefined,
      }));
    } catch {
      toast.danger(t("The link couldn't be created"));
      return;
    }
    if (!navigator.clipboard?.writeText) {
      setShareUrl(url);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("Link Copied!"));
    } catch {
      setShareUrl(url);
    }
  };

  return (
    <Group gap="sm" align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }} pt="xs">
      {!editor.hideLeftBar && (
        <Box w={280} miw={280} style={{ overflow: "hidden" }}>
          <LeftBar
            editor={editor}
            databases={databases}
            onChange={onChange}
            onColumns={onColumns}
            tables={tableTabs.tables}
            onAddTable={onAddTable}
            onTableExpanded={onTableExpanded}
            onRemoveTable={tableTabs.onRemove}
            onInsertSelectStar={insertSelectStar}
          />
        </Box>
      )}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }} ref={splitRef}>
        <Suspense fallback={<Loader size="sm" />}>
          <SqlEditor
            value={editor.sql}
            onChange={(sql) => onChange({ sql })}
            onSelectionChange={(s) => {
              selected.current = s;
            }}
            onRun={runNow}
            onFormat={() => void formatter.format()}
            schema={completion}
            height={`${northPx - 44}px`}
          />
        </Suspense>
        {/* On narrow screens the actions on the right wrap under the run controls (the split keeps room for it). */}
        <Group gap="xs" justify="space-between" wrap="wrap" style={{ rowGap: 4 }}>
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={editor.hideLeftBar ? t("Show left bar") : t("Hide left bar")}>
              <ActionIcon
                variant="default"
                onClick={() => onChange({ hideLeftBar: !editor.hideLeftBar })}
                aria-label={t("Toggle left bar")}
                data-test="toggle-left-bar"
              >
                {editor.hideLeftBar ? (
                  <IconLayoutSidebarLeftExpand size={16} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={16} />
                )}
              </ActionIcon>
            </Tooltip>
            {running ? (
              <Button
                size="xs"
                color="red"
                leftSection={<IconPlayerStop size={14} />}
                onClick={() => onStop(query)}
                data-test="stop-query"
              >
                {t("Stop")}
              </Button>
            ) : (
              <Tooltip label={t("Ctrl/Cmd + Enter")}>
                <Button
                  size="xs"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={runNow}
                  disabled={!editor.dbId}
                  data-test="run-query"
                >
                  {t("Run")}
                </Button>
              </Tooltip>
            )}
            {!running && (
              <RunOptionsMenu database={database} disabled={!editor.dbId} onPick={setCtasMethod} />
            )}
            <QueryLimitSelect
              value={editor.queryLimit}
              maxRow={maxRow}
              onChange={(queryLimit) => onChange({ queryLimit })}
            />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconBraces size={14} />}
              onClick={() => setModal("params")}
              data-test="template-params"
            >
              {t("Parameters")}
            </Button>
            <FormatSqlButton
              onClick={() => void formatter.format()}
              busy={formatter.busy}
              disabled={!editor.sql.trim()}
            />
            <EstimateCost
              database={database}
              disabled={!editor.sql.trim()}
              estimate={costEstimate}
              onRequest={() => {
                const body = estimateRequest(editor, selected.current);
                if (body) onEstimate(body);
              }}
            />
          </Group>
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDeviceFloppy size={14} />}
              onClick={() => setModal("save")}
              data-test="save-query"
            >
              {editor.remoteId ? t("Save / Update") : t("Save")}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCalendarTime size={14} />}
              onClick={() => setModal("schedule")}
              disabled={!editor.dbId || !editor.sql.trim()}
              data-test="schedule-query"
            >
              {t("Schedule")}
            </Button>
            {editor.remoteId && (
              <Tooltip label={t("Copy link")}>
                <ActionIcon
                  variant="default"
                  onClick={copyLink}
                  aria-label={t("Copy link")}
                  data-test="copy-link"
                >
                  <IconLink size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t("Copy link")}>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconShare size={14} />}
                onClick={() => void shareLink()}
                disabled={!editor.dbId}
                data-test="share-query"
              >
                {t("Share")}
              </Button>
            </Tooltip>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconChartBar size={14} />}
              disabled={!editor.dbId || !editor.sql.trim()}
              onClick={() => setModal("explore")}
              data-test="explore-query"
            >
              {t("Explore")}
            </Button>
            <Tooltip label={t("Copy query")}>
              <ActionIcon
                variant="default"
                aria-label={t("Copy query")}
                onClick={() =>
                  navigator.clipboard?.writeText(editor.sql).then(
                    () => toast.success(t("Copied to clipboard!")),
                    () => {},
                  )
                }
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Box
          h={6}
          style={{ cursor: "row-resize", background: "var(--mantine-color-gray-2)", borderRadius: 3 }}
          onMouseDown={startDrag}
          data-test="split-handle"
        />
        <Box style={{ flex: 1, minHeight: 0 }}>
          <ResultsPane
            query={query}
            height={southPx}
            tab={southTab}
            onTabChange={onSouthTab}
            onStop={() => onStop(query)}
            onOpenInNewTab={onOpenInNewTab}
            tableTabs={tableTabs}
          />
        </Box>
      </Stack>
      <SaveQueryModal
        opened={modal === "save"}
        onClose={() => setModal(null)}
        defaultName={isDefaultTabName(editor.name) || editor.name === SHARED_QUERY ? "" : editor.name}
        canUpdate={editor.remoteId !== null}
        onSave={save}
      />
      <ExploreModal
        opened={modal === "explore"}
        onClose={() => setModal(null)}
        defaultName={`${editor.name} ${new Date().toISOString().slice(0, 16).replace("T", " ")}`}
        onCreate={async (name) => {
          const res = await createDatasetFromSql({
            database: editor.dbId as number,
            schema: editor.schema,
            catalog: editor.catalog,
            table_name: name,
            sql: sqlToRun(editor.sql, selected.current),
            template_params: editor.templateParams || undefined,
          });
          setModal(null);
          navigate(exploreDatasetPath(res.id));
        }}
      />
      <ShareLinkModal url={shareUrl} onClose={() => setShareUrl(null)} />
      <CtasModal
        method={ctasMethod}
        onClose={() => setCtasMethod(null)}
        onRun={(method, name) => onRun(sqlToRun(editor.sql, selected.current), false, { method, name })}
      />
      <ScheduleQueryModal
        opened={modal === "schedule"}
        onClose={() => setModal(null)}
        defaultLabel={isDefaultTabName(editor.name) || editor.name === SHARED_QUERY ? "" : editor.name}
        query={{
          db_id: editor.dbId,
          schema: editor.schema,
          catalog: editor.catalog,
          sql: editor.sql,
          template_parameters: editor.templateParams,
        }}
      />
      <TemplateParamsModal
        opened={modal === "params"}
        onClose={() => setModal(null)}
        value={editor.templateParams}
        onChange={(templateParams) => onChange({ templateParams })}
      />
    </Group>
  );
}
