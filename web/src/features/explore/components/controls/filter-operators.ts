import { ADHOC_FILTER_OPERATORS, type AdhocFilterOperatorName } from "@strata/contracts";
import { type ChartColumn, isTemporalColumn } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";

/** Every explore filter operator of 002 §3 with the text the operator picker shows. */
export const OPERATOR_LABELS: Record<AdhocFilterOperatorName, string> = {
  EQUALS: t("Equal to (=)"),
  NOT_EQUALS: t("Not equal to (≠)"),
  LESS_THAN: t("Less than (<)"),
  LESS_THAN_OR_EQUAL: t("Less or equal (<=)"),
  GREATER_THAN: t("Greater than (>)"),
  GREATER_THAN_OR_EQUAL: t("Greater or equal (>=)"),
  IN: t("In"),
  NOT_IN: t("Not in"),
  LIKE: t("Like"),
  ILIKE: t("Like (case insensitive)"),
  IS_NOT_NULL: t("Is not null"),
  IS_NULL: t("Is null"),
  LATEST_PARTITION: t("use latest_partition template"),
  IS_TRUE: t("Is true"),
  IS_FALSE: t("Is false"),
  TEMPORAL_RANGE: t("Time range"),
};

export const OPERATOR_IDS = Object.keys(ADHOC_FILTER_OPERATORS) as AdhocFilterOperatorName[];
export const NO_COMPARATOR = new Set<AdhocFilterOperatorName>([
  "IS_NOT_NULL",
  "IS_NULL",
  "IS_TRUE",
  "IS_FALSE",
  "LATEST_PARTITION",
]);
export const MULTI_COMPARATOR = new Set<AdhocFilterOperatorName>(["IN", "NOT_IN"]);

/** The symbol stored as `operator` next to `operatorId` (Superset keeps both). */
export function operatorSymbol(id: AdhocFilterOperatorName): string {
  return ADHOC_FILTER_OPERATORS[id] ?? id;
}

export function operatorIdOf(filter: {
  operatorId?: string;
  operator?: string;
}): AdhocFilterOperatorName | null {
  if (filter.operatorId && filter.operatorId in ADHOC_FILTER_OPERATORS)
    return filter.operatorId as AdhocFilterOperatorName;
  const found = OPERATOR_IDS.find(
    (id) => ADHOC_FILTER_OPERATORS[id] === filter.operator || id === filter.operator,
  );
  return found ?? null;
}

const isBooleanType = (type: string) => /^BOOL(EAN)?$/.test(type);
const isIntegerType = (type: string) => /^(TINY|SMALL|BIG|HUGE|U)?INT(EGER|\d+)?$/.test(type);

/**
 * Whether the operator picker offers `id` for this column (Superset's `isOperatorRelevant`): "Is
 * true"/"Is false" only for boolean and integer columns and calculated ones; a boolean column
 * takes those and the null tests only; a time range needs a time column. The latest_partition
 * template needs the partition column of a Presto/Hive table, which no Strata engine has, so it
 * shows only on a filter that already uses it (kept editable, not offered anew).
 */
export function isOperatorRelevant(
  id: AdhocFilterOperatorName,
  column: ChartColumn | undefined,
  current?: AdhocFilterOperatorName | null,
): boolean {
  if (id === "LATEST_PARTITION") return current === id;
  if (id === "TEMPORAL_RANGE") return isTemporalColumn(column);
  const type = (column?.type ?? "").trim().toUpperCase();
  const boolean = isBooleanType(type);
  if (id === "IS_TRUE" || id === "IS_FALSE")
    return !!column && (boolean || isIntegerType(type) || !!column.expression);
  if (boolean) return id === "IS_NULL" || id === "IS_NOT_NULL";
  return true;
}

/** The operators offered for a column, in the picker's order. */
export function relevantOperators(
  column: ChartColumn | undefined,
  current?: AdhocFilterOperatorName | null,
): AdhocFilterOperatorName[] {
  return OPERATOR_IDS.filter((id) => isOperatorRelevant(id, column, current));
}
