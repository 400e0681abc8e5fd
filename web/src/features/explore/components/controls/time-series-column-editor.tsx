import {
  Button,
  Checkbox,
  Divider,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  Stack,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { t } from "../../../../lib/i18n";
import {
  type Bounds,
  COLUMN_TYPES,
  COMPARISON_TYPES,
  type ColumnDraft,
  type DraftErrors,
  draftErrors,
  draftOf,
  SPARK_TYPES,
  type TimeSeriesColumn,
} from "./time-series-columns-model";

type TextKey = "label" | "tooltip" | "width" | "height" | "timeLag" | "timeRatio" | "d3format" | "dateFormat";
type ChoiceKey = "colType" | "sparkType" | "comparisonType";

interface Props {
  column: TimeSeriesColumn;
  onSave: (draft: ColumnDraft) => void;
  onClose: () => void;
}

/** A min/max pair of optional numbers (Superset's BoundsControl): an empty box is null. */
function BoundsInput({
  label,
  description,
  value,
  onChange,
  testId,
}: {
  label: string;
  description: string;
  value: Bounds;
  onChange: (bounds: Bounds) => void;
  testId: string;
}) {
  const set = (i: 0 | 1, v: string | number) => {
    const next: Bounds = [...value];
    next[i] = typeof v === "number" && Number.isFinite(v) ? v : null;
    onChange(next);
  };
  return (
    <Input.Wrapper label={label} description={description}>
      <Group grow gap="xs" mt={4}>
        {([0, 1] as const).map((i) => (
          <NumberInput
            key={i}
            aria-label={i === 0 ? t("%s (min)", label) : t("%s (max)", label)}
            placeholder={i === 0 ? t("Min") : t("Max")}
            value={value[i] ?? ""}
            onChange={(v) => set(i, v)}
            data-test={`${testId}-${i === 0 ? "min" : "max"}`}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

/**
 * The settings of one time-series table column (Superset's TimeSeriesColumnControl popover):
 * fields appear for the chosen type; Save keeps the draft only when its numbers are valid, Close
 * drops it.
 */
export function TimeSeriesColumnEditor({ column, onSave, onClose }: Props) {
  const [draft, setDraft] = useState<ColumnDraft>(() => draftOf(column));
  const set = <K extends keyof ColumnDraft>(key: K, value: ColumnDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const errors = draftErrors(draft);
  const valid = Object.keys(errors).length === 0;
  /** Props of a text field: the text typed is what is stored (as Superset does), with its error. */
  const text = (key: TextKey, testId: string) => ({
    value: String(draft[key] ?? ""),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key as keyof DraftErrors],
    "data-test": `column-editor-${testId}`,
  });
  /** Props of a choice among fixed options, with an empty first option when nothing is chosen yet. */
  const choice = (key: ChoiceKey, options: [string, string][], testId: string, empty?: string) => ({
    data: [
      ...(empty ? [{ value: "", label: empty }] : []),
      ...options.map(([value, label]) => ({ value, label })),
    ],
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) =>
      set(key, e.currentTarget.value as ColumnDraft[ChoiceKey]),
    "data-test": `column-editor-${testId}`,
  });
  const spark = draft.colType === "spark";
  const lagged = draft.colType === "time" || draft.colType === "avg";
  return (
    <Stack gap="xs" w={320} data-test="time-series-column-editor">
      <TextInput label={t("Label")} description={t("The column header label")} {...text("label", "label")} />
      <TextInput
        label={t("Tooltip")}
        description={t("Column header tooltip")}
        {...text("tooltip", "tooltip")}
      />
      <NativeSelect
        label={t("Type")}
        description={t("Type of comparison, value difference or percentage")}
        {...choice("colType", COLUMN_TYPES(), "type", t("Choose a type"))}
      />
      <Divider />
      {spark && (
        <>
          <NativeSelect
            label={t("Chart type")}
            description={t("Type of chart to display in sparkline")}
            {...choice("sparkType", SPARK_TYPES(), "spark-type")}
          />
          <Group grow gap="xs" align="flex-start">
            <TextInput
              label={t("Width")}
              description={t("Width of the sparkline")}
              inputMode="decimal"
              {...text("width", "width")}
            />
            <TextInput
              label={t("Height")}
              description={t("Height of the sparkline")}
              inputMode="decimal"
              {...text("height", "height")}
            />
          </Group>
          <TextInput
            label={t("Time ratio")}
            description={t("Number of periods to ratio against")}
            inputMode="numeric"
            {...text("timeRatio", "time-ratio")}
          />
        </>
      )}
      {lagged && (
        <TextInput
          label={t("Time lag")}
          description={t(
            "Number of periods to compare against. You can use negative numbers to compare from the beginning of the time range.",
          )}
          inputMode="numeric"
          {...text("timeLag", "time-lag")}
        />
      )}
      {draft.colType === "time" && (
        <NativeSelect
          label={t("Comparison type")}
          description={t("Type of comparison, value difference or percentage")}
          {...choice("comparisonType", COMPARISON_TYPES(), "comparison-type", t("Choose a comparison"))}
        />
      )}
      {spark ? (
        <>
          <Checkbox
            label={t("Show Y-axis")}
            description={t(
              "Show Y-axis on the sparkline. Will display the manually set min/max if set or min/max values in the data otherwise.",
            )}
            checked={draft.showYAxis}
            onChange={(e) => set("showYAxis", e.currentTarget.checked)}
            data-test="column-editor-show-y-axis"
          />
          <BoundsInput
            label={t("Y-axis bounds")}
            description={t("Manually set min/max values for the y-axis.")}
            value={draft.yAxisBounds}
            onChange={(b) => set("yAxisBounds", b)}
            testId="column-editor-y-axis-bounds"
          />
        </>
      ) : (
        <BoundsInput
          label={t("Color bounds")}
          description={t(
            "Number bounds used for color encoding from red to blue. Reverse the numbers for blue to red. To get pure red or blue, you can enter either only min or max.",
          )}
          value={draft.bounds}
          onChange={(b) => set("bounds", b)}
          testId="column-editor-bounds"
        />
      )}
      <TextInput
        label={t("Number format")}
        description={t("Optional d3 number format string")}
        {...text("d3format", "d3format")}
      />
      {spark && (
        <TextInput
          label={t("Date format")}
          description={t("Optional d3 date format string")}
          {...text("dateFormat", "date-format")}
        />
      )}
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button size="xs" variant="default" onClick={onClose} data-test="column-editor-close">
          {t("Close")}
        </Button>
        <Button size="xs" disabled={!valid} onClick={() => onSave(draft)} data-test="column-editor-save">
          {t("Save")}
        </Button>
      </Group>
    </Stack>
  );
}
