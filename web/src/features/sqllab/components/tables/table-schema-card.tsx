import { ActionIcon, Group, Loader, Paper, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import {
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconRowInsertBottom,
  IconTable,
  IconX,
} from "@tabler/icons-react";
import { memo } from "react";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { previewSql } from "../../model/run-target";
import type { TableSchema } from "../../model/types";
import { TableColumnList } from "./table-columns";

interface Props {
  table: TableSchema;
  onExpandedChange: (table: TableSchema, expanded: boolean) => void;
  onRemove: (table: TableSchema) => void;
  /** Puts the table's select-star into the tab's SQL. */
  onInsertSelectStar: (table: TableSchema) => void;
}

/** The select-star of a table (the metadata's, or a plain one while it is missing). */
export function selectStarOf(table: TableSchema): string {
  return table.selectStar ?? previewSql(table.name, table.schema);
}

async function copySelectStar(table: TableSchema) {
  const sql = selectStarOf(table);
  try {
    await navigator.clipboard.writeText(sql);
    toast.success(t("Copied to clipboard!"));
  } catch {
    toast.info(sql);
  }
}

/** A table of the tab in the left bar: collapsible columns, insert or copy select-star, remove (002 §3/§4). */
export const TableSchemaCard = memo(function TableSchemaCard({
  table,
  onExpandedChange,
  onRemove,
  onInsertSelectStar,
}: Props) {
  const label = table.schema ? `${table.schema}.${table.name}` : table.name;
  return (
    <Paper withBorder p={4} radius="sm" data-test={`table-schema-${table.name}`}>
      <Group gap={2} wrap="nowrap">
        <UnstyledButton
          onClick={() => onExpandedChange(table, !table.expanded)}
          aria-expanded={table.expanded}
          style={{ flex: 1, minWidth: 0 }}
          data-test="table-schema-toggle"
        >
          <Group gap={4} wrap="nowrap">
            {table.expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <IconTable size={14} />
            <Text size="sm" fw={500} truncate title={label}>
              {table.name}
            </Text>
          </Group>
        </UnstyledButton>
        {table.isMetadataLoading && <Loader size={12} />}
        <Tooltip label={t("Insert select * into the editor")}>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t("Insert select * into the editor")}
            onClick={() => onInsertSelectStar(table)}
            data-test="table-schema-insert"
          >
            <IconRowInsertBottom size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("Copy SELECT statement to the clipboard")}>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t("Copy SELECT statement to the clipboard")}
            onClick={() => void copySelectStar(table)}
            data-test="table-schema-copy"
          >
            <IconCopy size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("Remove table preview")}>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t("Remove table preview")}
            onClick={() => onRemove(table)}
            data-test="table-schema-remove"
          >
            <IconX size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {table.expanded && (
        <Stack gap={0} pl={22} pt={2} data-test="table-schema-columns">
          <TableColumnList table={table} />
        </Stack>
      )}
    </Paper>
  );
});
