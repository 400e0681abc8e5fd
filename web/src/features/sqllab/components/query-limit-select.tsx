import { Select } from "@mantine/core";
import { formatNumber, t } from "../../../lib/i18n";
import { QUERY_LIMITS } from "../model/editor-state";

/** Largest limit offered when the server announces no SQL_MAX_ROW. */
const FALLBACK_MAX_ROW = QUERY_LIMITS[QUERY_LIMITS.length - 1];

/** Powers of ten from 10 up to `maxRow`; a current value outside that list is kept as an option. */
export function limitOptions(maxRow: number = FALLBACK_MAX_ROW, current?: number): number[] {
  const out: number[] = [];
  for (let n = 10; n <= maxRow; n *= 10) out.push(n);
  if (current && current > 0 && !out.includes(current)) out.push(current);
  return out.sort((a, b) => a - b);
}

/** The LIMIT selector of the toolbar, with thousands separators. */
export function QueryLimitSelect({
  value,
  maxRow,
  onChange,
}: {
  value: number;
  maxRow?: number;
  onChange: (limit: number) => void;
}) {
  return (
    <Select
      size="xs"
      w={150}
      aria-label={t("Limit")}
      data={limitOptions(maxRow, value).map((n) => ({
        value: String(n),
        label: t("LIMIT: %s", formatNumber(n)),
      }))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      data-test="query-limit"
    />
  );
}
