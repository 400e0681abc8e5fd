import { ActionIcon, Group, Paper, Popover, Stack, Text, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { t } from "../../../../lib/i18n";
import { TimeSeriesColumnEditor } from "./time-series-column-editor";
import {
  type ColumnDraft,
  columnSummary,
  columnsOfValue,
  moveColumn,
  newColumnKey,
  type TimeSeriesColumn,
} from "./time-series-columns-model";

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: TimeSeriesColumn[]) => void;
  error?: React.ReactNode;
  testId: string;
}

/**
 * The time-series table's column list (Superset's CollectionControl of TimeSeriesColumnControl):
 * add a column (its editor opens at once), edit one in a popover, move it up or down, remove it.
 */
export function TimeSeriesColumnsControl({ label, value, onChange, error, testId }: Props) {
  const columns = columnsOfValue(value);
  const [editing, setEditing] = useState<string | null>(null);
  const add = () => {
    const key = newColumnKey();
    onChange([...columns, { key }]);
    setEditing(key);
  };
  const save = (index: number, draft: ColumnDraft) => {
    onChange(columns.map((c, i) => (i === index ? { ...c, ...draft } : c)));
    setEditing(null);
  };
  return (
    <Stack gap={6} data-test={testId}>
      <Group justify="space-between" wrap="nowrap">
        {label}
        <Tooltip label={t("Add a column")}>
          <ActionIcon
            size="sm"
            variant="light"
            aria-label={t("Add a column")}
            onClick={add}
            data-test={`${testId}-add`}
          >
            <IconPlus size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {columns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("No columns yet: add one to compare values over time")}
        </Text>
      ) : (
        columns.map((column, i) => (
          <ColumnRow
            key={column.key}
            column={column}
            first={i === 0}
            last={i === columns.length - 1}
            editing={editing === column.key}
            onEdit={(open) => setEditing(open ? column.key : null)}
            onMove={(by) => onChange(moveColumn(columns, i, i + by))}
            onRemove={() => onChange(columns.filter((_, j) => j !== i))}
            onSave={(draft) => save(i, draft)}
          />
        ))
      )}
      {error && typeof error !== "boolean" ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

interface RowProps {
  column: TimeSeriesColumn;
  first: boolean;
  last: boolean;
  editing: boolean;
  onEdit: (open: boolean) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onSave: (draft: ColumnDraft) => void;
}

/** A small icon button of a row, named for screen readers by its label. */
function RowButton({
  label,
  onClick,
  testId,
  disabled,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  color?: string;
  children: React.ReactNode;
}) {
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color={color}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      data-test={testId}
    >
      {children}
    </ActionIcon>
  );
}

/** One column of the list: its label and type, the move buttons, the editor's popover, remove. */
function ColumnRow({ column, first, last, editing, onEdit, onMove, onRemove, onSave }: RowProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The popover hides while its target is scrolled out of the panel: bring the row into view.
  useEffect(() => {
    if (editing) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [editing]);
  return (
    <Paper ref={ref} withBorder px="xs" py={4} data-test="time-series-column">
      <Group gap={4} wrap="nowrap">
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate data-test="time-series-column-label">
            {column.label || t("Untitled column")}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {columnSummary(column)}
          </Text>
        </Stack>
        <RowButton
          label={t("Move up")}
          disabled={first}
          onClick={() => onMove(-1)}
          testId="time-series-column-up"
        >
          <IconArrowUp size={14} />
        </RowButton>
        <RowButton
          label={t("Move down")}
          disabled={last}
          onClick={() => onMove(1)}
          testId="time-series-column-down"
        >
          <IconArrowDown size={14} />
        </RowButton>
        <Popover opened={editing} onChange={onEdit} position="right-start" withArrow shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={t("Edit column")}
              onClick={() => onEdit(!editing)}
              data-test="time-series-column-edit"
            >
              <IconPencil size={14} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <TimeSeriesColumnEditor column={column} onSave={onSave} onClose={() => onEdit(false)} />
          </Popover.Dropdown>
        </Popover>
        <RowButton
          label={t("Remove column")}
          color="red"
          onClick={onRemove}
          testId="time-series-column-remove"
        >
          <IconX size={14} />
        </RowButton>
      </Group>
    </Paper>
  );
}
