import { Button, Group, Modal, Select, Stack, Tabs, Textarea, TextInput } from "@mantine/core";
import { type AdhocFilter, type AdhocFilterOperatorName, NO_TIME_RANGE } from "@strata/contracts";
import { useState } from "react";
import { type ChartDataset, columnLabel, isTemporalColumn } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";
import {
  MULTI_COMPARATOR,
  NO_COMPARATOR,
  OPERATOR_LABELS,
  operatorIdOf,
  operatorSymbol,
  relevantOperators,
} from "./filter-operators";
import { FilterValueInput } from "./filter-value-input";
import { TimeRangeControl } from "./time-range-control";

type Simple = Extract<AdhocFilter, { expressionType: "SIMPLE" }>;
type Sql = Extract<AdhocFilter, { expressionType: "SQL" }>;

const newName = () => `filter_${Math.random().toString(36).slice(2, 10)}`;

/** Edits one adhoc filter: SIMPLE (column, operator of 002 §3, value) or custom SQL (WHERE/HAVING). */
export function FilterEditor({
  filter,
  initialSubject = null,
  dataset,
  onClose,
  onSave,
}: {
  filter: AdhocFilter | null;
  /** The column a new filter starts on (a column dropped on the filters control). */
  initialSubject?: string | null;
  dataset: ChartDataset;
  onClose: () => void;
  onSave: (filter: AdhocFilter) => void;
}) {
  const simple = filter?.expressionType === "SIMPLE" ? (filter as Simple) : null;
  const sql = filter?.expressionType === "SQL" ? (filter as Sql) : null;
  const [mode, setMode] = useState<"SIMPLE" | "SQL">(filter?.expressionType ?? "SIMPLE");
  const [subject, setSubject] = useState<string | null>(
    simple ? columnLabel(simple.subject) : initialSubject,
  );
  // A new filter on a temporal column starts as a time range, as when its column is picked.
  const temporalStart =
    !simple && isTemporalColumn(dataset.columns.find((c) => c.column_name === initialSubject));
  const [operator, setOperator] = useState<AdhocFilterOperatorName>(
    simple ? (operatorIdOf(simple) ?? "EQUALS") : temporalStart ? "TEMPORAL_RANGE" : "EQUALS",
  );
  // The operator the filter was saved with stays offered while it is edited, even one no longer
  // offered anew (latest_partition).
  const initialOperator = simple ? operatorIdOf(simple) : null;
  const initial = simple?.comparator ?? (temporalStart ? NO_TIME_RANGE : undefined);
  const [values, setValues] = useState<string[]>(
    Array.isArray(initial) ? initial.map(String) : initial != null ? [String(initial)] : [],
  );
  const [clause, setClause] = useState<"WHERE" | "HAVING">(sql?.clause ?? "WHERE");
  const [expression, setExpression] = useState(sql?.sqlExpression ?? "");

  const column = dataset.columns.find((c) => c.column_name === subject);
  const build = (): AdhocFilter | null => {
    const filterOptionName = filter?.filterOptionName ?? newName();
    if (mode === "SQL") {
      return expression.trim()
        ? { expressionType: "SQL", clause, sqlExpression: expression.trim(), filterOptionName }
        : null;
    }
    if (!subject) return null;
    const base = {
      expressionType: "SIMPLE" as const,
      clause: "WHERE" as const,
      subject,
      operatorId: operator,
      filterOptionName,
    };
    const op = operatorSymbol(operator) as Simple["operator"];
    if (NO_COMPARATOR.has(operator)) return { ...base, operator: op };
    if (MULTI_COMPARATOR.has(operator))
      return values.length ? { ...base, operator: op, comparator: values } : null;
    if (!values[0]) return null;
    return { ...base, operator: op, comparator: values[0] };
  };
  const next = build();

  return (
    <Modal
      opened
      onClose={onClose}
      title={filter ? t("Edit filter") : t("Add filter")}
      data-test="filter-editor"
    >
      <Stack>
        <Tabs value={mode} onChange={(v) => setMode(v === "SQL" ? "SQL" : "SIMPLE")}>
          <Tabs.List>
            <Tabs.Tab value="SIMPLE">{t("Simple")}</Tabs.Tab>
            <Tabs.Tab value="SQL" data-test="filter-tab-sql">
              {t("Custom SQL")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="SIMPLE" pt="sm">
            <Stack gap="xs">
              <Select
                label={t("Column")}
                data={dataset.columns.filter((c) => c.filterable !== false).map((c) => c.column_name)}
                value={subject}
                onChange={(v) => {
                  setSubject(v);
                  const col = dataset.columns.find((c) => c.column_name === v);
                  if (isTemporalColumn(col) && operator === "EQUALS") {
                    setOperator("TEMPORAL_RANGE");
                    setValues([NO_TIME_RANGE]);
                    return;
                  }
                  // An operator the new column does not take (Is true on a text column, a time
                  // range on a number…) gives way to the first one it does.
                  const offered = relevantOperators(col, initialOperator);
                  if (!offered.includes(operator)) {
                    const first = offered[0] ?? "EQUALS";
                    setOperator(first);
                    setValues(first === "TEMPORAL_RANGE" ? [NO_TIME_RANGE] : []);
                  }
                }}
                searchable
                data-test="filter-column-select"
              />
              <Select
                label={t("Operator")}
                data={relevantOperators(column, initialOperator).map((id) => ({
                  value: id,
                  label: OPERATOR_LABELS[id],
                }))}
                value={operator}
                onChange={(v) => {
                  const id = (v ?? "EQUALS") as AdhocFilterOperatorName;
                  setOperator(id);
                  if (id === "TEMPORAL_RANGE") setValues([NO_TIME_RANGE]);
                  else if (!MULTI_COMPARATOR.has(id)) setValues((vs) => vs.slice(0, 1));
                }}
                allowDeselect={false}
                data-test="filter-operator-select"
              />
              {operator === "TEMPORAL_RANGE" ? (
                <TimeRangeControl
                  label={t("Time range")}
                  value={values[0]}
                  onChange={(v) => setValues([v])}
                  testId="filter-time-range"
                />
              ) : NO_COMPARATOR.has(operator) ? null : (
                <FilterValueInput
                  datasetId={dataset.id}
                  column={subject}
                  multi={MULTI_COMPARATOR.has(operator)}
                  values={values}
                  onChange={setValues}
                />
              )}
              {operator === "LATEST_PARTITION" && (
                <TextInput
                  disabled
                  value={t("Only partitioned tables of Presto/Hive have a latest partition")}
                />
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="SQL" pt="sm">
            <Stack gap="xs">
              <Select
                label={t("Clause")}
                data={["WHERE", "HAVING"]}
                value={clause}
                onChange={(v) => setClause(v === "HAVING" ? "HAVING" : "WHERE")}
                allowDeselect={false}
                data-test="filter-clause-select"
              />
              <Textarea
                label={t("SQL expression")}
                autosize
                minRows={3}
                value={expression}
                onChange={(e) => setExpression(e.currentTarget.value)}
                styles={{ input: { fontFamily: "monospace" } }}
                data-test="filter-sql-input"
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Close")}
          </Button>
          <Button disabled={!next} onClick={() => next && onSave(next)} data-test="filter-save">
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
