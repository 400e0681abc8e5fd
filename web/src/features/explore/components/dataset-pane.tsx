import { Badge, Button, Group, ScrollArea, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import type { DatasetDetail } from "@strata/contracts";
import {
  IconCalendar,
  IconHash,
  IconLetterCase,
  IconMathFunction,
  IconSearch,
  IconSwitchHorizontal,
} from "@tabler/icons-react";
import { useState } from "react";
import { type ChartColumn, type ChartDataset, isTemporalColumn } from "../../../components/charts";
import { SwapDatasetModal } from "../../../components/swap-dataset-modal";
import { t } from "../../../lib/i18n";
import { draggableItem } from "./controls/dnd";

const NUMERIC = /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|HUGEINT|DECIMAL|NUMERIC|REAL|FLOAT|DOUBLE|LONG)/i;

function ColumnIcon({ column }: { column: ChartColumn }) {
  if (isTemporalColumn(column)) return <IconCalendar size={14} aria-label="temporal" />;
  if (NUMERIC.test(column.type ?? "")) return <IconHash size={14} aria-label="numeric" />;
  return <IconLetterCase size={14} aria-label="string" />;
}

/** A dataset as Explore needs it, from the dataset detail the swap modal read. */
export function toChartDataset(detail: DatasetDetail): ChartDataset {
  return {
    id: detail.id,
    type: "table",
    table_name: detail.table_name,
    datasource_name: detail.table_name,
    schema: detail.schema,
    database: detail.database,
    columns: detail.columns,
    metrics: detail.metrics,
    main_dttm_col: detail.main_dttm_col,
  };
}

/** Left pane: the dataset's metrics and columns (searchable) and "Swap dataset". */
export function DatasetPane({
  dataset,
  onSwap,
}: {
  dataset: ChartDataset;
  onSwap: (dataset: ChartDataset) => void;
}) {
  const [search, setSearch] = useState("");
  const [swapping, setSwapping] = useState(false);
  const q = search.trim().toLowerCase();
  const matches = (...names: (string | null | undefined)[]) =>
    !q || names.some((n) => n?.toLowerCase().includes(q));
  const metrics = dataset.metrics.filter((m) => matches(m.metric_name, m.verbose_name));
  const columns = dataset.columns.filter((c) => matches(c.column_name, c.verbose_name));
  return (
    <Stack gap="xs" h="100%" data-test="dataset-pane">
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Title order={5} style={{ overflowWrap: "anywhere" }} data-test="dataset-name">
          {dataset.table_name}
        </Title>
        <Tooltip label={t("Swap dataset")}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setSwapping(true)}
            aria-label={t("Swap dataset")}
            data-test="swap-dataset"
          >
            <IconSwitchHorizontal size={16} />
          </Button>
        </Tooltip>
      </Group>
      {dataset.database ? (
        <Text size="xs" c="dimmed">
          {dataset.database.database_name}
          {dataset.schema ? ` · ${dataset.schema}` : ""}
        </Text>
      ) : null}
      <TextInput
        size="xs"
        placeholder={t("Search Metrics & Columns")}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        aria-label={t("Search Metrics & Columns")}
        data-test="dataset-search"
      />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Text component="div" size="xs" fw={600} c="dimmed" mt={4}>
          {t("Metrics")}{" "}
          <Badge size="xs" variant="light">
            {metrics.length}
          </Badge>
        </Text>
        <Stack gap={2} my={4}>
          {metrics.map((m) => (
            <Group
              key={m.metric_name}
              gap={6}
              wrap="nowrap"
              data-test={`datasource-item-${m.metric_name}`}
              data-item-type="metric"
              title={m.expression}
              style={{ cursor: "grab" }}
              {...draggableItem({ type: "metric", name: m.metric_name })}
            >
              <IconMathFunction size={14} />
              <Text size="sm" truncate>
                {m.verbose_name || m.metric_name}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text component="div" size="xs" fw={600} c="dimmed" mt="xs">
          {t("Columns")}{" "}
          <Badge size="xs" variant="light">
            {columns.length}
          </Badge>
        </Text>
        <Stack gap={2} my={4}>
          {columns.map((c) => (
            <Group
              key={c.column_name}
              gap={6}
              wrap="nowrap"
              data-test={`datasource-item-${c.column_name}`}
              data-item-type="column"
              title={c.type ?? undefined}
              style={{ cursor: "grab" }}
              {...draggableItem({ type: "column", name: c.column_name })}
            >
              <ColumnIcon column={c} />
              <Text size="sm" truncate>
                {c.verbose_name || c.column_name}
              </Text>
            </Group>
          ))}
        </Stack>
      </ScrollArea>
      <SwapDatasetModal
        opened={swapping}
        onClose={() => setSwapping(false)}
        currentDatasetId={dataset.id}
        onDatasetChange={(_key, detail) => onSwap(toChartDataset(detail))}
      />
    </Stack>
  );
}
