import { Accordion, Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconCertificate, IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { t } from "../../../../lib/i18n";
import { type MetricDraft, newKey } from "./dataset-draft";
import { MetricEditor } from "./metric-editor";

interface Props {
  metrics: MetricDraft[];
  onChange: (metrics: MetricDraft[]) => void;
  /** A save was tried: new metrics show what they lack. */
  revealErrors?: boolean;
  /** A field of a metric was left. */
  onTouch?: (key: string) => void;
}

function blankMetric(existing: MetricDraft[]): MetricDraft {
  let n = existing.length + 1;
  while (existing.some((m) => m.metric_name === `<new metric ${n}>`)) n++;
  return {
    key: newKey(),
    id: null,
    metric_name: `<new metric ${n}>`,
    verbose_name: "",
    expression: "",
    description: "",
    d3format: "",
    currency: null,
    certified_by: "",
    certification_details: "",
    warning_text: "",
    metric_type: null,
    uuid: null,
    extraBase: {},
  };
}

export function MetricsTab({ metrics, onChange, revealErrors = false, onTouch }: Props) {
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const q = search.trim().toLowerCase();
  const shown = q
    ? metrics.filter((m) => `${m.metric_name} ${m.verbose_name}`.toLowerCase().includes(q))
    : metrics;
  const patch = (key: string, p: Partial<MetricDraft>) =>
    onChange(metrics.map((m) => (m.key === key ? { ...m, ...p } : m)));
  const add = () => {
    const m = blankMetric(metrics);
    onChange([m, ...metrics]);
    setOpen(m.key);
    setSearch("");
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <TextInput
          placeholder={t("Search metrics")}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          aria-label={t("Search metrics")}
        />
        <Button leftSection={<IconPlus size={14} />} variant="light" onClick={add} data-test="add-metric">
          {t("Add item")}
        </Button>
      </Group>
      {shown.length === 0 && <Text c="dimmed">{t("No metrics")}</Text>}
      <Accordion value={open} onChange={setOpen} variant="separated">
        {shown.map((m) => (
          <Accordion.Item key={m.key} value={m.key} data-test="metric-item">
            <Accordion.Control>
              <Group gap="xs">
                {m.certified_by && (
                  <IconCertificate
                    size={16}
                    color="var(--mantine-color-teal-7)"
                    aria-label={t("Certified")}
                  />
                )}
                <Text fw={500}>{m.metric_name || t("<empty>")}</Text>
                {m.verbose_name && (
                  <Text c="dimmed" size="sm">
                    {m.verbose_name}
                  </Text>
                )}
                <Badge variant="light" size="xs" color="gray" ff="monospace" tt="none">
                  {m.expression.slice(0, 60)}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <MetricEditor
                metric={m}
                onChange={(p) => patch(m.key, p)}
                onDelete={() => onChange(metrics.filter((x) => x.key !== m.key))}
                revealErrors={revealErrors}
                onTouch={() => onTouch?.(m.key)}
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
