import { Button, Group, Input, Pill, Stack } from "@mantine/core";
import type { AdhocFilter } from "@strata/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { type ChartDataset, columnLabel } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";
import { DropZone } from "./dnd";
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
  name,
  label,
  value,
  onChange,
  dataset,
  testId,
}: {
  /** The control's name (of its drop zone). */
  name: string;
  label: React.ReactNode;
  value: unknown;
  onChange: (value: AdhocFilter[]) => void;
  dataset: ChartDataset;
  testId: string;
}) {
  const filters = Array.isArray(value) ? (value as AdhocFilter[]) : [];
  const [editing, setEditing] = useState<number | "new" | null>(null);
  /** A column dropped from the dataset pane opens a new filter on it. */
  const [subject, setSubject] = useState<string | null>(null);
  const filterable = (columnName: string) =>
    dataset.columns.some((c) => c.column_name === columnName && c.filterable !== false);
  return (
    <Input.Wrapper label={label} data-test={testId}>
      <DropZone
        name={name}
        accepts={(type, columnName) =>
          type === "column" && (columnName === undefined || filterable(columnName))
        }
        onDrop={(item) => {
          setSubject(item.name);
          setEditing("new");
        }}
      >
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
            onClick={() => {
              setSubject(null);
              setEditing("new");
            }}
            data-test={`${testId}-add`}
          >
            {t("Add filter")}
          </Button>
        </Stack>
      </DropZone>
      {editing !== null && (
        <FilterEditor
          filter={editing === "new" ? null : filters[editing]}
          initialSubject={editing === "new" ? subject : null}
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
