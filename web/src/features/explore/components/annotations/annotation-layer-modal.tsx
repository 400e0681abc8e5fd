import {
  Button,
  Checkbox,
  ColorInput,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import type {
  AnnotationLayerConfig,
  AnnotationOpacity,
  AnnotationStyle,
  AnnotationType,
} from "@strata/contracts";
import { useState } from "react";
import { CATEGORICAL_SCHEMES, DEFAULT_COLOR_SCHEME } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";
import {
  finalizeLayer,
  newLayer,
  OPACITY_CHOICES,
  OVERRIDE_CHOICES,
  STYLE_CHOICES,
  sourceChoices,
  TYPE_CHOICES,
  validateLayer,
  withType,
} from "./annotation-layer-model";
import { useLastValue } from "../../../../lib/use-last-value";
import { useAnnotationLayerChoices, useTimeseriesChartChoices } from "./annotation-sources";

interface Props {
  /** The layer to edit, "new" to add one, null when closed. */
  layer: AnnotationLayerConfig | "new" | null;
  /** Names of the chart's other layers (a name identifies a layer's data). */
  takenNames: string[];
  /** The chart being edited: it cannot be its own time series source. */
  sliceId?: number | null;
  onApply: (layer: AnnotationLayerConfig) => void;
  onRemove?: () => void;
  onClose: () => void;
}

/** Add or edit one annotation layer of a chart (Superset's annotation layer popover). */
export function AnnotationLayerModal({
  layer: current,
  takenNames,
  sliceId,
  onApply,
  onRemove,
  onClose,
}: Props) {
  const { value: layer, opening } = useLastValue(current);
  const isNew = layer === "new";
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={isNew ? t("Add annotation layer") : t("Edit annotation layer")}
      size="lg"
      data-test="annotation-layer-modal"
    >
      {layer !== null && (
        <LayerForm
          key={opening}
          initial={isNew ? newLayer() : layer}
          takenNames={takenNames}
          sliceId={sliceId}
          onApply={onApply}
          onRemove={isNew ? undefined : onRemove}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function LayerForm({
  initial,
  takenNames,
  sliceId,
  onApply,
  onRemove,
  onClose,
}: Omit<Props, "layer"> & { initial: AnnotationLayerConfig }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof AnnotationLayerConfig>(key: K, value: AnnotationLayerConfig[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const type = draft.annotationType;
  const layerChoices = useAnnotationLayerChoices(draft.sourceType === "NATIVE");
  const chartChoices = useTimeseriesChartChoices(draft.sourceType === "line", sliceId);
  const sources = sourceChoices(type);
  const overrides = draft.overrides ?? {};

  const apply = () => {
    const found = validateLayer(draft, takenNames);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(finalizeLayer(draft));
  };

  const valueField = () => {
    if (type === "FORMULA") {
      return (
        <TextInput
          label={t("Formula")}
          description={t("A function of x (the time in milliseconds on a time axis), e.g. y = 2 * x + 10")}
          placeholder="y = 2 * x + 10"
          required
          value={String(draft.value ?? "")}
          error={errors.value}
          onChange={(e) => set("value", e.currentTarget.value)}
          data-test="annotation-layer-formula"
        />
      );
    }
    const choices = draft.sourceType === "NATIVE" ? layerChoices : chartChoices;
    return (
      <Select
        label={draft.sourceType === "NATIVE" ? t("Annotation layer") : t("Chart")}
        required
        searchable
        data={choices.data ?? []}
        value={draft.value === null || draft.value === "" ? null : String(draft.value)}
        onChange={(v) => set("value", v ?? "")}
        error={errors.value ?? (choices.error ? t("The choices could not be loaded") : undefined)}
        nothingFoundMessage={choices.isLoading ? t("Loading…") : t("Nothing found")}
        data-test="annotation-layer-value"
      />
    );
  };

  return (
    <Stack>
      <SimpleGrid cols={2}>
        <TextInput
          label={t("Name")}
          required
          value={draft.name}
          error={errors.name}
          onChange={(e) => set("name", e.currentTarget.value)}
          data-test="annotation-layer-name"
        />
        <Switch
          mt={28}
          label={t("Show layer")}
          checked={draft.show !== false}
          onChange={(e) => set("show", e.currentTarget.checked)}
          data-test="annotation-layer-show"
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <Select
          label={t("Annotation layer type")}
          data={TYPE_CHOICES}
          value={type}
          allowDeselect={false}
          onChange={(v) => v && setDraft((d) => withType(d, v as AnnotationType))}
          data-test="annotation-layer-type"
        />
        {sources.length > 0 && (
          <Select
            label={t("Annotation source type")}
            data={sources}
            value={draft.sourceType ?? null}
            allowDeselect={false}
            onChange={(v) => v !== null && set("sourceType", v as AnnotationLayerConfig["sourceType"])}
            data-test="annotation-layer-source-type"
          />
        )}
      </SimpleGrid>
      {valueField()}
      {type === "TIME_SERIES" && (
        <Group>
          {OVERRIDE_CHOICES.map((o) => (
            <Checkbox
              key={o.key}
              label={o.label}
              checked={o.key in overrides}
              onChange={(e) => {
                const next = { ...overrides };
                if (e.currentTarget.checked) next[o.key] = null;
                else delete next[o.key];
                set("overrides", next);
              }}
            />
          ))}
        </Group>
      )}
      <Divider label={t("Display configuration")} labelPosition="left" />
      <SimpleGrid cols={2}>
        <ColorInput
          label={t("Color")}
          placeholder={t("Automatic")}
          value={draft.color ?? ""}
          onChange={(v) => set("color", v || null)}
          swatches={CATEGORICAL_SCHEMES[DEFAULT_COLOR_SCHEME].colors.slice(0, 10)}
          data-test="annotation-layer-color"
        />
        <Select
          label={t("Opacity")}
          data={OPACITY_CHOICES}
          value={draft.opacity ?? ""}
          allowDeselect={false}
          onChange={(v) => set("opacity", (v ?? "") as AnnotationOpacity)}
          data-test="annotation-layer-opacity"
        />
        <Select
          label={t("Style")}
          data={STYLE_CHOICES}
          value={draft.style ?? "solid"}
          allowDeselect={false}
          onChange={(v) => set("style", (v ?? "solid") as AnnotationStyle)}
          data-test="annotation-layer-style"
        />
        <NumberInput
          label={t("Line width")}
          min={1}
          max={20}
          value={draft.width ?? 1}
          onChange={(v) => set("width", typeof v === "number" ? v : Number(v) || 1)}
          data-test="annotation-layer-width"
        />
      </SimpleGrid>
      {(type === "EVENT" || type === "INTERVAL") && (
        <Switch
          label={t("Show label")}
          checked={Boolean(draft.showLabel)}
          onChange={(e) => set("showLabel", e.currentTarget.checked)}
          data-test="annotation-layer-show-label"
        />
      )}
      {type === "TIME_SERIES" && (
        <Group>
          <Switch
            label={t("Show markers")}
            checked={Boolean(draft.showMarkers)}
            onChange={(e) => set("showMarkers", e.currentTarget.checked)}
          />
          <Switch
            label={t("Hide line")}
            checked={Boolean(draft.hideLine)}
            onChange={(e) => set("hideLine", e.currentTarget.checked)}
          />
        </Group>
      )}
      <Group justify="space-between">
        <div>
          {onRemove && (
            <Button color="red" variant="subtle" onClick={onRemove} data-test="annotation-layer-remove">
              {t("Remove")}
            </Button>
          )}
        </div>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button onClick={apply} data-test="annotation-layer-apply">
            {t("OK")}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
