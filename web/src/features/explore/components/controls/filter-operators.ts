import { ADHOC_FILTER_OPERATORS, type AdhocFilterOperatorName } from "@strata/contracts";
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
