import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import type { MetricDraft } from "./dataset-draft";
import { leftItem, useShownErrors } from "./use-shown-errors";

const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CNY",
  "INR",
  "BRL",
  "CAD",
  "AUD",
  "CHF",
  "KRW",
  "MXN",
  "SEK",
];

interface Props {
  metric: MetricDraft;
  onChange: (patch: Partial<MetricDraft>) => void;
  onDelete: () => void;
  /** A save was tried: every required field says what it lacks. */
  revealErrors?: boolean;
  /** A field of the metric was left (its required fields are checked from then on). */
  onTouch?: () => void;
}

export function MetricEditor({ metric, onChange, onDelete, revealErrors = false, onTouch }: Props) {
  const shows = useShownErrors(metric.id !== null || revealErrors);
  return (
    <Stack gap="sm" data-test="metric-editor" onBlur={leftItem(onTouch)}>
      <SimpleGrid cols={2}>
        <TextInput
          label={t("Metric key")}
          required
          value={metric.metric_name}
          error={shows("name") && !metric.metric_name.trim() ? t("Metric name is required") : undefined}
          onBlur={() => shows.touch("name")}
          onChange={(e) => onChange({ metric_name: e.currentTarget.value })}
          data-test="metric-name"
        />
        <TextInput
          label={t("Label")}
          value={metric.verbose_name}
          onChange={(e) => onChange({ verbose_name: e.currentTarget.value })}
          data-test="metric-verbose-name"
        />
      </SimpleGrid>
      <Textarea
        label={t("SQL expression")}
        required
        autosize
        minRows={2}
        ff="monospace"
        value={metric.expression}
        error={
          shows("expression") && !metric.expression.trim() ? t("Metric expression is required") : undefined
        }
        onBlur={() => shows.touch("expression")}
        onChange={(e) => onChange({ expression: e.currentTarget.value })}
        data-test="metric-expression"
      />
      <Textarea
        label={t("Description")}
        autosize
        minRows={1}
        value={metric.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      <SimpleGrid cols={3}>
        <TextInput
          label={t("D3 format")}
          placeholder=",.2f"
          value={metric.d3format}
          onChange={(e) => onChange({ d3format: e.currentTarget.value })}
        />
        <Select
          label={t("Currency")}
          clearable
          data={CURRENCIES}
          value={metric.currency?.symbol ?? null}
          onChange={(symbol) =>
            onChange({
              currency: symbol
                ? { symbol, symbolPosition: metric.currency?.symbolPosition ?? "prefix" }
                : null,
            })
          }
        />
        {metric.currency && (
          <Stack gap={2}>
            <Select
              label={t("Currency position")}
              data={[
                { value: "prefix", label: t("Prefix") },
                { value: "suffix", label: t("Suffix") },
              ]}
              allowDeselect={false}
              value={metric.currency.symbolPosition}
              onChange={(v) =>
                onChange({
                  currency: {
                    symbol: metric.currency!.symbol,
                    symbolPosition: v === "suffix" ? "suffix" : "prefix",
                  },
                })
              }
            />
          </Stack>
        )}
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <TextInput
          label={t("Certified by")}
          value={metric.certified_by}
          onChange={(e) => onChange({ certified_by: e.currentTarget.value })}
        />
        <TextInput
          label={t("Certification details")}
          value={metric.certification_details}
          onChange={(e) => onChange({ certification_details: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Textarea
        label={t("Warning")}
        autosize
        minRows={1}
        value={metric.warning_text}
        onChange={(e) => onChange({ warning_text: e.currentTarget.value })}
      />
      <Group justify="flex-end">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
          data-test="metric-delete"
        >
          {t("Delete metric")}
        </Button>
      </Group>
    </Stack>
  );
}
