import { Badge, Button, Group, Input, Stack, Text, UnstyledButton } from "@mantine/core";
import type { AnnotationLayerConfig } from "@strata/contracts";
import { IconEyeOff, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { t } from "../../../../lib/i18n";
import { layersOf, TYPE_CHOICES } from "./annotation-layer-model";
import { AnnotationLayerModal } from "./annotation-layer-modal";

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: AnnotationLayerConfig[]) => void;
  sliceId?: number | null;
  testId: string;
}

const typeLabel = (type: string) => TYPE_CHOICES.find((c) => c.value === type)?.label ?? type;

/** The chart's annotation layers: one row each (click to edit), and "Add annotation layer". */
export function AnnotationLayersControl({ label, value, onChange, sliceId, testId }: Props) {
  const layers = layersOf(value);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const current = typeof editing === "number" ? layers[editing] : editing;
  const takenNames = layers.filter((_, i) => i !== editing).map((l) => l.name);

  const apply = (layer: AnnotationLayerConfig) => {
    onChange(
      editing === "new" || editing === null
        ? [...layers, layer]
        : layers.map((l, i) => (i === editing ? layer : l)),
    );
    setEditing(null);
  };
  const remove = () => {
    onChange(layers.filter((_, i) => i !== editing));
    setEditing(null);
  };

  return (
    <Input.Wrapper label={label} data-test={testId}>
      <Stack gap={4} mt={4}>
        {layers.map((layer, i) => (
          <UnstyledButton
            key={layer.name}
            onClick={() => setEditing(i)}
            data-test="annotation-layer-item"
            style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4, padding: "4px 8px" }}
          >
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap">
                {layer.show === false && <IconEyeOff size={14} aria-label={t("Hidden")} />}
                <Text size="sm" truncate c={layer.show === false ? "dimmed" : undefined}>
                  {layer.name}
                </Text>
              </Group>
              <Badge size="xs" variant="light" tt="none">
                {typeLabel(layer.annotationType)}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing("new")}
          data-test="add-annotation-layer"
          style={{ alignSelf: "flex-start" }}
        >
          {t("Add annotation layer")}
        </Button>
      </Stack>
      <AnnotationLayerModal
        layer={current ?? null}
        takenNames={takenNames}
        sliceId={sliceId}
        onApply={apply}
        onRemove={remove}
        onClose={() => setEditing(null)}
      />
    </Input.Wrapper>
  );
}
