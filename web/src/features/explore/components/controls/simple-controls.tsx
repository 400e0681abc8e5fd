import { Checkbox, ColorSwatch, Group, Select, Text } from "@mantine/core";
import { CATEGORICAL_SCHEMES } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";

export function CheckboxControl({
  label,
  value,
  onChange,
  testId,
}: {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: boolean) => void;
  testId: string;
}) {
  return (
    <Checkbox
      label={label}
      checked={Boolean(value)}
      onChange={(e) => onChange(e.currentTarget.checked)}
      data-test={testId}
    />
  );
}

/** Categorical colour schemes with a preview of their first colours. */
export function ColorSchemeControl({
  label,
  value,
  onChange,
  testId,
}: {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: string | null) => void;
  testId: string;
}) {
  const data = Object.entries(CATEGORICAL_SCHEMES).map(([key, s]) => ({ value: key, label: t(s.label) }));
  return (
    <Select
      label={label}
      data={data}
      value={typeof value === "string" ? value : null}
      onChange={onChange}
      allowDeselect={false}
      data-test={testId}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <Group gap={2} wrap="nowrap">
            {CATEGORICAL_SCHEMES[option.value].colors.slice(0, 6).map((c) => (
              <ColorSwatch key={c} color={c} size={12} radius={2} />
            ))}
          </Group>
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}
