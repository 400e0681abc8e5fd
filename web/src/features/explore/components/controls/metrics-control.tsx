import { Button, Group, Input, Pill, Stack } from "@mantine/core";
import type { QueryMetric } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { type ChartDataset, ensureArray, metricLabel } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";
import { adhocMetricOf, DropZone } from "./dnd";
import { MetricEditor } from "./metric-editor";

interface Props {
  /** The control's name (of its drop zone). */
  name: string;
  label: React.ReactNode;
  value: unknown;
  onChange: (value: unknown) => void;
  multi?: boolean;
  dataset: ChartDataset;
  error?: React.ReactNode;
  invalid?: boolean;
  testId: string;
}

/** Metrics as removable pills; a pill opens its editor, "Add metric" a new one. */
export function MetricsControl({
  name,
  label,
  value,
  onChange,
  multi,
  dataset,
  error,
  invalid,
  testId,
}: Props) {
  const items = ensureArray(value as QueryMetric | QueryMetric[] | undefined);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const verbose = (m: QueryMetric) =>
    typeof m === "string"
      ? (dataset.metrics.find((x) => x.metric_name === m)?.verbose_name ?? m)
      : metricLabel(m);
  const save = (metric: QueryMetric) => {
    const next = [...items];
    if (editing === "new" || editing === null) next.push(metric);
    else next[editing] = metric;
    onChange(multi ? next : next[next.length - 1]);
    setEditing(null);
  };
  /** A saved metric or a column (as SUM/COUNT of it) dropped from the dataset pane. */
  const drop = (type: "column" | "metric", itemName: string) => {
    let metric: QueryMetric | null = null;
    if (type === "metric") {
      if (dataset.metrics.some((m) => m.metric_name === itemName)) metric = itemName;
    } else {
      const column = dataset.columns.find((c) => c.column_name === itemName);
      if (column) metric = adhocMetricOf(column, dataset);
    }
    if (metric !== null) onChange(multi ? [...items, metric] : metric);
  };
  const remove = (i: number) => {
    const next = items.filter((_, j) => j !== i);
    onChange(multi ? next : null);
  };
  return (
    <Input.Wrapper label={label} error={error} data-test={testId}>
      <DropZone
        name={name}
        accepts={(type, itemName) =>
          itemName === undefined ||
          (type === "metric"
            ? dataset.metrics.some((m) => m.metric_name === itemName)
            : dataset.columns.some((c) => c.column_name === itemName))
        }
        onDrop={(item) => drop(item.type, item.name)}
      >
        <Stack
          gap={6}
          p={6}
          style={{
            border: `1px ${invalid ? "solid var(--mantine-color-red-6)" : "dashed var(--mantine-color-gray-4)"}`,
            borderRadius: 4,
          }}
        >
          {items.length > 0 && (
            <Group gap={6}>
              {items.map((m, i) => (
                <Pill
                  // biome-ignore lint/suspicious/noArrayIndexKey: a metric may appear twice; its place is its identity
                  key={`${metricLabel(m)}-${i}`}
                  withRemoveButton
                  onRemove={() => remove(i)}
                  onClick={() => setEditing(i)}
                  style={{ cursor: "pointer" }}
                  data-test="metric-pill"
                >
                  {verbose(m)}
                </Pill>
              ))}
            </Group>
          )}
          {(multi || items.length === 0) && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing("new")}
              data-test={`${testId}-add`}
            >
              {t("Add metric")}
            </Button>
          )}
        </Stack>
      </DropZone>
      {editing !== null && (
        <MetricEditor
          opened
          metric={editing === "new" ? null : items[editing]}
          dataset={dataset}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </Input.Wrapper>
  );
}
