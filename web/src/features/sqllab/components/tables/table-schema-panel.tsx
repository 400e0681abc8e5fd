import { Alert, Box, Button, Group, Loader, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { type ReactNode, useEffect } from "react";
import { t } from "../../../../lib/i18n";
import type { TableSchema } from "../../model/types";
import { ColumnKeyIcons } from "./table-columns";

interface Props {
  table: TableSchema;
  height: number;
  /** False when the database has disable_data_preview. */
  previewAllowed: boolean;
  /** Starts the data preview run (the caller runs it once per table). */
  onPreview: (table: TableSchema) => void;
  /** Runs the data preview again. */
  onRefreshPreview: (table: TableSchema) => void;
  /** The preview run is under way (the refresh waits for it). */
  previewRunning: boolean;
  /** The preview run's results view. */
  children: ReactNode;
}

/** A table's own south-pane tab: its columns and its data preview (002 §2/§3). */
export function TableSchemaPanel({
  table,
  height,
  previewAllowed,
  onPreview,
  onRefreshPreview,
  previewRunning,
  children,
}: Props) {
  const ready = !table.isMetadataLoading;
  useEffect(() => {
    if (previewAllowed && ready) onPreview(table);
  }, [previewAllowed, ready, onPreview, table]);
  const h = Math.max(120, height);
  return (
    <Group align="stretch" gap="sm" wrap="nowrap" data-test="table-schema-panel">
      <ScrollArea w={300} miw={240} h={h} data-test="table-schema-panel-columns">
        <Text size="sm" fw={600} mb={4}>
          {table.schema ? `${table.schema}.${table.name}` : table.name}
        </Text>
        {previewAllowed && (
          <Button
            size="compact-xs"
            variant="default"
            mb={4}
            leftSection={<IconRefresh size={12} />}
            onClick={() => onRefreshPreview(table)}
            disabled={!ready || previewRunning}
            data-test="table-preview-refresh"
          >
            {t("Refresh preview")}
          </Button>
        )}
        {table.isMetadataLoading && <Loader size="xs" />}
        {table.metadataError && (
          <Text size="xs" c="red">
            {table.metadataError}
          </Text>
        )}
        {table.columns.length > 0 && (
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Column")}</Table.Th>
                <Table.Th>{t("Type")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.columns.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td c="dimmed">{c.type}</Table.Td>
                  <Table.Td>
                    <ColumnKeyIcons table={table} column={c.name} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ScrollArea>
      <Box style={{ flex: 1, minWidth: 0 }} data-test="table-schema-preview">
        {previewAllowed ? (
          children
        ) : (
          <Stack>
            <Alert color="gray" data-test="data-preview-disabled">
              {t("Data preview is disabled for this database.")}
            </Alert>
          </Stack>
        )}
      </Box>
    </Group>
  );
}
