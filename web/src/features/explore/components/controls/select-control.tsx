import { Autocomplete, Group, MultiSelect, Select, TagsInput, Text } from "@mantine/core";
import { useMemo } from "react";
import { t } from "../../../../lib/i18n";
import type { Choice } from "../../model/control-types";
import { dropMissingChoices, PASTE_SEPARATORS, splitPastedValues } from "../../model/select-values";

interface Props {
  label: React.ReactNode;
  choices: Choice[];
  value: unknown;
  onChange: (value: unknown) => void;
  multi?: boolean;
  freeForm?: boolean;
  clearable?: boolean;
  error?: React.ReactNode;
  placeholder?: string;
  testId: string;
}

const keyOf = (v: unknown) => (v === null ? "__null__" : String(v));

/** Free text that matches a choice takes the choice's value (numbers stay numbers). */
function fromText(text: string, choices: Choice[]): unknown {
  const match = choices.find(([v]) => keyOf(v) === text);
  if (match) return match[0];
  if (
    choices.length &&
    choices.every(([v]) => typeof v === "number") &&
    /^-?\d+(\.\d+)?$/.test(text.trim())
  ) {
    return Number(text.trim());
  }
  return text;
}

/**
 * Superset's SelectControl: fixed choices (values outside them are dropped, also when pasted) or
 * free-form (any value; pasted lists split at commas, CRLF, newlines, tabs and semicolons).
 */
export function SelectControl({
  label,
  choices,
  value,
  onChange,
  multi,
  freeForm,
  clearable,
  error,
  placeholder,
  testId,
}: Props) {
  const data = useMemo(() => choices.map(([v, l]) => ({ value: keyOf(v), label: l })), [choices]);
  const byKey = useMemo(() => new Map(choices.map(([v]) => [keyOf(v), v])), [choices]);
  const labelOf = (key: string) => data.find((d) => d.value === key)?.label ?? key;

  if (multi) {
    const list = (Array.isArray(value) ? value : value == null ? [] : [value]).map(keyOf);
    if (freeForm) {
      return (
        <TagsInput
          label={label}
          data={data.map((d) => d.value)}
          value={list}
          onChange={(keys) =>
            onChange(keys.flatMap(splitPastedValues).map((k) => byKey.get(k) ?? fromText(k, choices)))
          }
          splitChars={[",", ";", "\t", "\n"]}
          clearable={clearable}
          error={error}
          placeholder={placeholder ?? t("Select or type values")}
          data-test={testId}
          acceptValueOnBlur
        />
      );
    }
    return (
      <MultiSelect
        label={label}
        data={data}
        value={list.filter((k) => byKey.has(k))}
        onChange={(keys) => onChange(keys.map((k) => byKey.get(k)))}
        searchable
        clearable={clearable}
        error={error}
        placeholder={placeholder}
        data-test={testId}
        onPaste={(e) => {
          const text = e.clipboardData.getData("text");
          if (!PASTE_SEPARATORS.test(text)) return;
          e.preventDefault();
          const pasted = dropMissingChoices(
            splitPastedValues(text).map((s) => fromText(s, choices)),
            choices,
            { multi: true },
          );
          onChange([...new Set([...list.map((k) => byKey.get(k)), ...(pasted as unknown[])])]);
        }}
      />
    );
  }

  if (freeForm) {
    return (
      <Autocomplete
        label={label}
        data={data.map((d) => d.value)}
        value={value == null ? "" : keyOf(value)}
        onChange={(text) => onChange(text === "" ? null : fromText(text, choices))}
        renderOption={({ option }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{labelOf(option.value)}</Text>
          </Group>
        )}
        error={error}
        placeholder={placeholder}
        data-test={testId}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }

  return (
    <Select
      label={label}
      data={data}
      value={value === undefined ? null : keyOf(value)}
      onChange={(key) => onChange(key === null ? null : byKey.get(key))}
      clearable={clearable}
      allowDeselect={clearable ?? false}
      searchable={data.length > 8}
      error={error}
      placeholder={placeholder}
      data-test={testId}
    />
  );
}
