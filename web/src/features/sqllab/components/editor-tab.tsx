import { Box, Group, Loader, Stack } from "@mantine/core";
import type { EstimateQueryRequest } from "@strata/contracts";
import { useCallback, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { exploreDatasetPath } from "../../../config/paths";
import { useDatabaseFunctionNames } from "../../../lib/database-meta/database-function-names";
import { useDatabaseTables } from "../../../lib/database-meta/database-tables";
import { createDatasetFromSql } from "../api/create-dataset";
import type { useSqlLabDatabases } from "../api/sqllab-databases";
import { appendStatement } from "../model/append-statement";
import type { CostEstimate } from "../model/cost-estimates";
import { estimateRequest, sqlToRun } from "../model/run-target";
import { isDefaultTabName, SHARED_QUERY } from "../model/tab-names";
import {
  type CtasMethod,
  isRunning,
  type QueryEditor,
  type QueryRun,
  type TableSchema,
} from "../model/types";
import { useSavedQueryActions } from "../use-saved-query-actions";
import type { CtasRequest } from "../use-sqllab";
import { CtasModal } from "./ctas-modal";
import { type EditorModal, EditorToolbar } from "./editor-toolbar";
import { useFormatSql } from "./format-sql";
import { LeftBar } from "./left-bar";
import { ExploreModal, SaveQueryModal, ShareLinkModal, TemplateParamsModal } from "./modals";
import { ResultsPane } from "./results-pane";
import { ScheduleQueryModal } from "./schedule-modal";
import { selectStarOf } from "./tables/table-schema-card";
import type { TableTabs } from "./tables/table-tab";
import { useSplitDrag } from "./use-split-drag";
import { lazyComponent } from "../../../lib/lazy-part";

const SqlEditor = lazyComponent(() => import("./sql-editor"), <Loader size="sm" />);

export interface EditorTabProps {
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
  onEstimate: (body: EstimateQueryRequest) => void;
}

/** The active SQL Lab tab: left bar, SQL editor, toolbar, results (split by a draggable handle) and its dialogs. */
export function EditorTab({
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
  const [modal, setModal] = useState<EditorModal | null>(null);
  const [ctasMethod, setCtasMethod] = useState<CtasMethod | null>(null);
  const { splitRef, northPx, southPx, startDrag } = useSplitDrag(editor.northPercent, onChange);
  const savedQuery = useSavedQueryActions(editor, onChange);
  const tables = useDatabaseTables(editor.dbId, editor.schema, editor.catalog);
  const functionNames = useDatabaseFunctionNames(editor.dbId);
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
  const savedName = isDefaultTabName(editor.name) || editor.name === SHARED_QUERY ? "" : editor.name;

  return (
    <Group gap="sm" align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }} pt={6}>
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
        <SqlEditor
          value={editor.sql}
          onChange={(sql) => onChange({ sql })}
          onSelectionChange={(s) => {
            selected.current = s;
          }}
          onRun={runNow}
          onFormat={() => void formatter.format()}
          schema={completion}
          functionNames={functionNames.data}
          height={`${northPx - 44}px`}
        />
        <EditorToolbar
          editor={editor}
          database={database}
          running={running}
          maxRow={maxRow}
          formatting={formatter.busy}
          costEstimate={costEstimate}
          onChange={onChange}
          onRun={runNow}
          onStop={() => onStop(query)}
          onPickCtas={setCtasMethod}
          onFormat={() => void formatter.format()}
          onEstimate={() => {
            const body = estimateRequest(editor, selected.current);
            if (body) onEstimate(body);
          }}
          onOpenModal={setModal}
          onCopyLink={() => void savedQuery.copyLink()}
          onShare={() => void savedQuery.shareLink()}
        />
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
        defaultName={savedName}
        canUpdate={editor.remoteId !== null}
        onSave={savedQuery.save}
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
      <ShareLinkModal url={savedQuery.shareUrl} onClose={savedQuery.closeShareUrl} />
      <CtasModal
        method={ctasMethod}
        onClose={() => setCtasMethod(null)}
        onRun={(method, name) => onRun(sqlToRun(editor.sql, selected.current), false, { method, name })}
      />
      <ScheduleQueryModal
        opened={modal === "schedule"}
        onClose={() => setModal(null)}
        defaultLabel={savedName}
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
