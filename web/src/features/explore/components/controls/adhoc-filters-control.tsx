import { Button, Group, Input, Pill, Stack } from "@mantine/core";
import type { AdhocFilter } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { type ChartDataset, columnLabel } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";
import { FilterEditor } from "./filter-editor";
import { NO_COMPARATOR, OPERATOR_LABELS, operatorIdOf } from "./filter-operators";

export function filterPillText(f: AdhocFilter): string {
  if (f.expressionType === "SQL")
    return f.clause === "HAVING" ? `HAVING ${f.sqlExpression}` : f.sqlExpression;
  const id = operatorIdOf(f);
  const op = id ? OPERATOR_LABELS[id].replace(/.*\((.+)\)$/, "$1") : f.operator;
  if (id && NO_COMPARATOR.has(id)) return `${columnLabel(f.subject)} ${op}`;
  const value = Array.isArray(f.comparator) ? f.comparator.join(", ") : String(f.comparator ?? "");
  return `${columnLabel(f.subject)} ${op} ${value}`;
}

export function AdhocFiltersControl({
  label,
  value,
  onChange,
  dataset,
  testId,
}: {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: AdhocFilter[]) => void;
  dataset: ChartDataset;
  testId: string;
}) {
  const filters = Array.isArray(value) ? (value as AdhocFilter[]) : [];
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <Input.Wrapper label={label} data-test={testId}>
      <Stack gap={6} p={6} style={{ border: "1px dashed var(--mantine-color-gray-4)", borderRadius: 4 }}>
        {filters.length > 0 && (
          <Group gap={6}>
            {filters.map((f, i) => (
              <Pill
                key={f.filterOptionName ?? i}
                withRemoveButton
                onRemove={() => onChange(filters.filter((_, j) => j !== i))}
                onClick={() => setEditing(i)}
                style={{ cursor: "pointer" }}
                data-test="filter-pill"
              >
                {filterPillText(f)}
              </Pill>
            ))}
          </Group>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing("new")}
          data-test={`${testId}-add`}
        >
          {t("Add filter")}
        </Button>
      </Stack>
      {editing !== null && (
        <FilterEditor
          filter={editing === "new" ? null : filters[editing]}
          dataset={dataset}
          onClose={() => setEditing(null)}
          onSave={(f) => {
            onChange(editing === "new" ? [...filters, f] : filters.map((x, j) => (j === editing ? f : x)));
            setEditing(null);
          }}
        />
      )}
    </Input.Wrapper>
  );
}
