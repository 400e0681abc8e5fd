import { TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { t } from "../../../lib/i18n";
import type { SearchFilterConfig } from "../types";
import { FILTER_WIDTH } from "./filter-widths";
import { useFilterInput } from "./use-filter-input";

interface Props {
  config: SearchFilterConfig;
  value: unknown;
  onApply: (value: string | undefined) => void;
}

const toText = (v: unknown) => (typeof v === "string" ? v : "");

/** Applies the trimmed text on Enter or blur; clears the filter as soon as the input is emptied (000 §5). */
export function SearchFilter({ config, value, onApply }: Props) {
  const [text, setText, apply] = useFilterInput(value, toText, (v) => onApply(v as string | undefined));
  const commit = (raw: string) => apply(raw.trim() || undefined);
  return (
    <TextInput
      label={config.title}
      aria-label={config.title}
      placeholder={config.placeholder ?? t("Type a value")}
      w={FILTER_WIDTH.narrow}
      leftSection={<IconSearch size={14} />}
      value={text}
      data-test={`filters-search-${config.id}`}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        if (next === "") apply(undefined);
      }}
      onBlur={(e) => commit(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit(e.currentTarget.value);
      }}
    />
  );
}
