import { ActionIcon, CloseButton, Group, Loader, Stack, Tabs, Text } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { t } from "../../lib/i18n";
import { useSqlLabDatabases } from "./api/sqllab-databases";
import { EditorTab } from "./components/editor-tab";
import { TabMenu } from "./components/tab-menu";
import { editorsOf, makeEditor, southPaneTabOf, tablesOf } from "./model/editor-state";
import { copyTabName, shortTabLabel } from "./model/tab-names";
import { RESULTS_TAB } from "./model/table-schemas";
import { isRunning, type QueryEditor } from "./model/types";
import { useCostEstimates } from "./use-cost-estimates";
import { useSqlLab } from "./use-sqllab";

/** SQL Lab (`/sqllab/`; its own history is the south pane's tab, Query history a page of its own). */
export default function SqlLabPage() {
  const [params] = useSearchParams();
  const savedQueryId = Number(params.get("savedQueryId")) || null;
  const { data: databases } = useSqlLabDatabases();
  const { state, dispatch, loaded, active, run, stop, conf, tables } = useSqlLab(databases, savedQueryId);
  const editors = editorsOf(state);
  const costs = useCostEstimates();
  // The south-pane tab lives in the state: adding, expanding or removing a table moves it (002 §4).
  const southTab = southPaneTabOf(state, active?.id);
  const setSouthTab = useCallback((tab: string) => dispatch({ type: "setSouthPaneTab", tab }), [dispatch]);

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
    // The shell's header (56 px) and its padding above and below (16 px each) take the rest.
    <Stack gap={0} h="calc(100vh - 88px)" data-test="sqllab-page">
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
