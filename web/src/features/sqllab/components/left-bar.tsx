import {
  ActionIcon,
  Badge,
  Group,
  Loader,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  IconChevronDown,
  IconChevronRight,
  IconEye,
  IconSearch,
  IconTable,
  IconTablePlus,
} from "@tabler/icons-react";
import type { DatabaseRow, TableMetadata } from "@strata/contracts";
import { memo, useEffect, useMemo, useState } from "react";
import { CatalogSchemaSelect, TableSelect } from "../../../components/database-selector";
import { useDatabaseTables } from "../../../lib/database-meta/database-tables";
import { useTableMetadata } from "../../../lib/database-meta/table-metadata";
import { t } from "../../../lib/i18n";
import type { QueryEditor, TableSchema } from "../model/types";
import { TableSchemaCard } from "./tables/table-schema-card";

interface Props {
  editor: QueryEditor;
  databases: DatabaseRow[] | undefined;
  onChange: (patch: Partial<QueryEditor>) => void;
  onColumns: (table: string, columns: string[]) => void;
  /** The tab's table schemas (002 §3). */
  tables: TableSchema[];
  /** Adds a table of the selected schema to the tab (its card and south-pane tab). */
  onAddTable: (table: string) => void;
  onTableExpanded: (table: TableSchema, expanded: boolean) => void;
  onRemoveTable: (table: TableSchema) => void;
  onInsertSelectStar: (table: TableSchema) => void;
}

/**
 * Database, catalog and schema pickers, the tab's table schemas as cards, and the schema's table
 * list (expand for the columns; add a table to see it in the south pane with a data preview).
 */
export function LeftBar({
  editor,
  databases,
  onChange,
  onColumns,
  tables: tableSchemas,
  onAddTable,
  onTableExpanded,
  onRemoveTable,
  onInsertSelectStar,
}: Props) {
  const db = databases?.find((d) => d.id === editor.dbId);
  const tables = useDatabaseTables(editor.dbId, editor.schema, editor.catalog);
  const [search, setSearch] = useState("");
  const [expanded, setExpanded] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: collapse everything when the schema changes
  useEffect(() => setExpanded([]), [editor.dbId, editor.schema, editor.catalog]);
  const shown = useMemo(
    () => (tables.data ?? []).filter((tb) => tb.value.toLowerCase().includes(search.toLowerCase())),
    [tables.data, search],
  );
  return (
    <Stack gap="xs" h="100%" data-test="sqllab-left-bar">
      <Select
        label={t("Database")}
        placeholder={t("Select database or type to search databases")}
        searchable
        data={(databases ?? []).map((d) => ({ value: String(d.id), label: d.database_name }))}
        value={editor.dbId ? String(editor.dbId) : null}
        onChange={(v) => onChange({ dbId: v ? Number(v) : null, schema: null, catalog: null })}
        data-test="select-database"
      />
      <CatalogSchemaSelect
        databaseId={editor.dbId}
        multiCatalog={Boolean(db?.allow_multi_catalog)}
        catalog={editor.catalog}
        schema={editor.schema}
        onCatalogChange={(catalog) => onChange({ catalog })}
        onSchemaChange={(schema) => onChange({ schema })}
      />
      {editor.schema && (
        <TableSelect
          databaseId={editor.dbId}
          catalog={editor.catalog}
          schema={editor.schema}
          value={null}
          onChange={(name) => name && onAddTable(name)}
        />
      )}
      {editor.schema && (
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t("Enter a part of the table name")}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-test="table-search"
        />
      )}
      {tables.isLoading && <Loader size="xs" />}
      <ScrollArea style={{ flex: 1 }} data-test="table-list">
        {tableSchemas.length > 0 && (
          <Stack gap={4} mb="xs" data-test="table-schemas">
            {tableSchemas.map((tb) => (
              <TableSchemaCard
                key={tb.id}
                table={tb}
                onExpandedChange={onTableExpanded}
                onRemove={onRemoveTable}
                onInsertSelectStar={onInsertSelectStar}
              />
            ))}
          </Stack>
        )}
        <Stack gap={2}>
          {shown.map((tb) => (
            <TableItem
              key={tb.value}
              dbId={editor.dbId as number}
              catalog={editor.catalog}
              schema={editor.schema}
              name={tb.value}
              isView={tb.type === "view"}
              expanded={expanded.includes(tb.value)}
              previewAllowed={!db?.disable_data_preview}
              onToggle={() =>
                setExpanded((x) =>
                  x.includes(tb.value) ? x.filter((n) => n !== tb.value) : [...x, tb.value],
                )
              }
              onAdd={onAddTable}
              onColumns={onColumns}
            />
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

const TableItem = memo(function TableItem(props: {
  dbId: number;
  catalog: string | null;
  schema: string | null;
  name: string;
  isView: boolean;
  expanded: boolean;
  previewAllowed: boolean;
  onToggle: () => void;
  onAdd: (table: string) => void;
  onColumns: (table: string, columns: string[]) => void;
}) {
  const { dbId, catalog, schema, name, expanded, onColumns } = props;
  const meta = useTableMetadata(expanded ? dbId : null, name, schema, catalog);
  const data = meta.data as TableMetadata | undefined;
  useEffect(() => {
    if (data)
      onColumns(
        name,
        data.columns.map((c) => c.name),
      );
  }, [data, name, onColumns]);
  return (
    <div data-test={`table-item-${name}`}>
      <Group gap={4} wrap="nowrap">
        <UnstyledButton onClick={props.onToggle} style={{ flex: 1, minWidth: 0 }} data-test="table-toggle">
          <Group gap={4} wrap="nowrap">
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <IconTable size={14} />
            <Text size="sm" truncate>
              {name}
            </Text>
            {props.isView && (
              <Badge size="xs" variant="light">
                {t("view")}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <Tooltip label={props.previewAllowed ? t("Data preview") : t("Add table to the editor")}>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={props.previewAllowed ? t("Data preview") : t("Add table to the editor")}
            onClick={() => props.onAdd(name)}
            data-test="table-preview"
          >
            {props.previewAllowed ? <IconEye size={14} /> : <IconTablePlus size={14} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {expanded && (
        <Stack gap={0} pl={28} py={2} data-test="table-columns">
          {meta.isLoading && <Loader size="xs" />}
          {meta.error && (
            <Text size="xs" c="red">
              {meta.error.message}
            </Text>
          )}
          {data?.columns.map((c) => (
            <Group key={c.name} justify="space-between" gap={4} wrap="nowrap">
              <Text size="xs" truncate>
                {c.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {c.type}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </div>
  );
});
