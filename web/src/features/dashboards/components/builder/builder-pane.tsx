import { Badge, Box, Group, Loader, Paper, ScrollArea, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconChartBar,
  IconColumns,
  IconGripVertical,
  IconHeading,
  IconLayoutRows,
  IconMarkdown,
  IconMinus,
  IconSearch,
  IconTable,
} from "@tabler/icons-react";
import { type ReactNode, useMemo, useState } from "react";
import { vizTypeLabel } from "../../../../components/charts";
import { t, translatable } from "../../../../lib/i18n";
import { type ChartListRow, useChartList } from "../../api/chart-list";
import { chartIdsUnder } from "../../model/layout-tree";
import {
  type ComponentType,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  NEW_COMPONENTS_SOURCE_ID,
  ROOT_ID,
} from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { useDnd } from "../layout/dnd";
import classes from "./builder-pane.module.css";

const ELEMENTS: [ComponentType, string, ReactNode][] = [
  ["TABS", translatable("Tabs"), <IconTable key="tabs" size={16} />],
  ["ROW", translatable("Row"), <IconLayoutRows key="row" size={16} />],
  ["COLUMN", translatable("Column"), <IconColumns key="column" size={16} />],
  ["HEADER", translatable("Header"), <IconHeading key="header" size={16} />],
  ["MARKDOWN", translatable("Text / Markdown"), <IconMarkdown key="md" size={16} />],
  ["DIVIDER", translatable("Divider"), <IconMinus key="divider" size={16} />],
];

function NewElement({ type, label, icon }: { type: ComponentType; label: string; icon: ReactNode }) {
  const { startDrag } = useDnd();
  return (
    <Paper
      withBorder
      p="xs"
      className={classes.draggable}
      onPointerDown={(e) =>
        startDrag({ id: `new-${type}`, type, parentId: NEW_COMPONENTS_SOURCE_ID, index: 0 }, t(label), e)
      }
      data-test={`new-component-${type.toLowerCase()}`}
    >
      <Group gap="xs" wrap="nowrap">
        <IconGripVertical size={14} color="var(--mantine-color-dimmed)" />
        {icon}
        <Text size="sm">{t(label)}</Text>
      </Group>
    </Paper>
  );
}

function ChartItem({ row, added }: { row: ChartListRow; added: boolean }) {
  const { startDrag } = useDnd();
  return (
    <Paper
      withBorder
      p="xs"
      className={added ? classes.added : classes.draggable}
      onPointerDown={
        added
          ? undefined
          : (e) =>
              startDrag(
                {
                  id: `new-chart-${row.id}`,
                  type: "CHART",
                  parentId: NEW_COMPONENTS_SOURCE_ID,
                  index: 0,
                  meta: {
                    chartId: row.id,
                    sliceName: row.slice_name,
                    width: GRID_DEFAULT_CHART_WIDTH,
                    height: GRID_DEFAULT_CHART_HEIGHT,
                  },
                },
                row.slice_name,
                e,
              )
      }
      data-test="builder-chart-item"
      data-chart-id={row.id}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconChartBar size={16} />
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" truncate="end">
              {row.slice_name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {vizTypeLabel(row.viz_type)} · {row.datasource_name_text ?? ""}
            </Text>
          </Box>
        </Group>
        {added && (
          <Badge size="xs" variant="light" style={{ flex: "none" }}>
            {t("Added")}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}

/** Edit mode's right pane: charts to add (server list) and new layout elements, all draggable. */
export function BuilderPane() {
  const { state } = useDashboard();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const { data, isLoading } = useChartList(debounced);
  const placed = useMemo(() => new Set(chartIdsUnder(state.layout.present, ROOT_ID)), [state.layout.present]);
  return (
    <Paper withBorder className={classes.pane} data-test="builder-pane">
      <Tabs defaultValue="charts">
        <Tabs.List grow>
          <Tabs.Tab value="charts" data-test="builder-tab-charts">
            {t("Charts")}
          </Tabs.Tab>
          <Tabs.Tab value="layout" data-test="builder-tab-layout">
            {t("Layout elements")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="charts" p="xs">
          <TextInput
            leftSection={<IconSearch size={14} />}
            placeholder={t("Filter your charts")}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            mb="xs"
            aria-label={t("Filter your charts")}
          />
          <ScrollArea.Autosize mah="calc(100vh - 260px)">
            <Stack gap={6}>
              {isLoading && !data && <Loader size="sm" />}
              {(data?.result ?? []).map((row) => (
                <ChartItem key={row.id} row={row} added={placed.has(row.id)} />
              ))}
              {data && data.result.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t("No charts")}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Tabs.Panel>
        <Tabs.Panel value="layout" p="xs">
          <Stack gap={6}>
            {ELEMENTS.map(([type, label, icon]) => (
              <NewElement key={type} type={type} label={label} icon={icon} />
            ))}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
