import { Button, Group, Modal, Select, Stack, Tabs, Textarea, TextInput } from "@mantine/core";
import { AGGREGATES, type Aggregate, type QueryMetric } from "@strata/contracts";
import { useState } from "react";
import { type ChartDataset, metricLabel } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";

type Mode = "SAVED" | "SIMPLE" | "SQL";

function initialMode(metric: QueryMetric | null, dataset: ChartDataset): Mode {
  if (!metric) return dataset.metrics.length ? "SAVED" : "SIMPLE";
  if (typeof metric === "string") return "SAVED";
  return metric.expressionType;
}

/**
 * Picks a saved metric, or builds an ad hoc one: SIMPLE (column + aggregate among AVG, COUNT,
 * COUNT_DISTINCT, MAX, MIN, SUM) or custom SQL, with an optional label.
 */
export function MetricEditor({
  opened,
  metric,
  dataset,
  onClose,
  onSave,
}: {
  opened: boolean;
  metric: QueryMetric | null;
  dataset: ChartDataset;
  onClose: () => void;
  onSave: (metric: QueryMetric) => void;
}) {
  const [mode, setMode] = useState<Mode>(initialMode(metric, dataset));
  const [saved, setSaved] = useState<string | null>(typeof metric === "string" ? metric : null);
  const simple = metric && typeof metric !== "string" && metric.expressionType === "SIMPLE" ? metric : null;
  const sql = metric && typeof metric !== "string" && metric.expressionType === "SQL" ? metric : null;
  const [column, setColumn] = useState<string | null>(simple?.column.column_name ?? null);
  const [aggregate, setAggregate] = useState<Aggregate | null>(simple?.aggregate ?? null);
  const [expression, setExpression] = useState(sql?.sqlExpression ?? "");
  const custom = metric && typeof metric !== "string" && metric.hasCustomLabel ? metric.label : "";
  const [label, setLabel] = useState(custom ?? "");

  const build = (): QueryMetric | null => {
    const withLabel = <T extends object>(m: T) =>
      label.trim() ? { ...m, label: label.trim(), hasCustomLabel: true } : m;
    if (mode === "SAVED") return saved;
    if (mode === "SIMPLE") {
      if (!column || !aggregate) return null;
      const m = { expressionType: "SIMPLE" as const, column: { column_name: column }, aggregate };
      return withLabel({ ...m, label: metricLabel(m) });
    }
    if (!expression.trim()) return null;
    return withLabel({
      expressionType: "SQL" as const,
      sqlExpression: expression.trim(),
      label: expression.trim(),
    });
  };
  const next = build();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={metric ? t("Edit metric") : t("Add metric")}
      data-test="metric-editor"
    >
      <Stack>
        <Tabs value={mode} onChange={(v) => setMode((v as Mode) ?? "SAVED")}>
          <Tabs.List>
            <Tabs.Tab value="SAVED" data-test="metric-tab-saved">
              {t("Saved")}
            </Tabs.Tab>
            <Tabs.Tab value="SIMPLE" data-test="metric-tab-simple">
              {t("Simple")}
            </Tabs.Tab>
            <Tabs.Tab value="SQL" data-test="metric-tab-sql">
              {t("Custom SQL")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="SAVED" pt="sm">
            <Select
              label={t("Saved metric")}
              data={dataset.metrics.map((m) => ({
                value: m.metric_name,
                label: m.verbose_name || m.metric_name,
              }))}
              value={saved}
              onChange={setSaved}
              searchable
              nothingFoundMessage={t("No saved metrics found")}
              data-test="metric-saved-select"
            />
          </Tabs.Panel>
          <Tabs.Panel value="SIMPLE" pt="sm">
            <Stack gap="xs">
              <Select
                label={t("Column")}
                data={dataset.columns.map((c) => ({
                  value: c.column_name,
                  label: c.verbose_name || c.column_name,
                }))}
                value={column}
                onChange={setColumn}
                searchable
                data-test="metric-column-select"
              />
              <Select
                label={t("Aggregate")}
                data={[...AGGREGATES]}
                value={aggregate}
                onChange={(v) => setAggregate(v as Aggregate | null)}
                data-test="metric-aggregate-select"
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="SQL" pt="sm">
            <Textarea
              label={t("SQL expression")}
              placeholder="SUM(num) / COUNT(*)"
              autosize
              minRows={3}
              value={expression}
              onChange={(e) => setExpression(e.currentTarget.value)}
              styles={{ input: { fontFamily: "monospace" } }}
              data-test="metric-sql-input"
            />
          </Tabs.Panel>
        </Tabs>
        {mode !== "SAVED" && (
          <TextInput
            label={t("Label")}
            placeholder={next ? metricLabel(next) : t("My metric")}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Close")}
          </Button>
          <Button disabled={!next} onClick={() => next && onSave(next)} data-test="metric-save">
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
