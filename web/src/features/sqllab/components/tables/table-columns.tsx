import { Group, Text, Tooltip } from "@mantine/core";
import { IconBolt, IconKey, IconLink } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import { columnKeys } from "../../model/table-schemas";
import type { TableSchema } from "../../model/types";

/** Key, foreign-key and index markers of a column (when the metadata has them). */
export function ColumnKeyIcons({ table, column }: { table: TableSchema; column: string }) {
  const keys = columnKeys(table, column);
  return (
    <Group gap={2} wrap="nowrap">
      {keys.primary && (
        <Tooltip label={t("Primary key")}>
          <IconKey size={12} aria-label={t("Primary key")} data-test="column-primary-key" />
        </Tooltip>
      )}
      {keys.foreign && (
        <Tooltip label={t("Foreign key")}>
          <IconLink size={12} aria-label={t("Foreign key")} data-test="column-foreign-key" />
        </Tooltip>
      )}
      {keys.indexed && (
        <Tooltip label={t("Index")}>
          <IconBolt size={12} aria-label={t("Index")} data-test="column-index" />
        </Tooltip>
      )}
    </Group>
  );
}

/** Compact column list (name, keys, type) of a table schema card. */
export function TableColumnList({ table }: { table: TableSchema }) {
  if (table.metadataError)
    return (
      <Text size="xs" c="red">
        {table.metadataError}
      </Text>
    );
  return (
    <>
      {table.columns.map((c) => (
        <Group key={c.name} justify="space-between" gap={4} wrap="nowrap" data-test="table-schema-column">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="xs" truncate>
              {c.name}
            </Text>
            <ColumnKeyIcons table={table} column={c.name} />
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {c.type}
          </Text>
        </Group>
      ))}
    </>
  );
}
