import { Alert, Badge, Group, Loader, ScrollArea, Table, Text } from "@mantine/core";
import type { UploadMetadataItem } from "@strata/contracts";
import { ApiErrorDisplay } from "../../../components/error-display";
import { t } from "../../../lib/i18n";

const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The first rows of the file as the server reads them with the current options. */
export function UploadPreview({
  item,
  loading,
  error,
}: {
  item: UploadMetadataItem | undefined;
  loading: boolean;
  error: unknown;
}) {
  return (
    <div data-test="upload-preview">
      <Group gap="xs" mb={4}>
        <Text fw={600} size="sm">
          {t("Preview")}
        </Text>
        {loading && <Loader size="xs" aria-label={t("Loading preview")} />}
      </Group>
      {error ? (
        <ApiErrorDisplay error={error} />
      ) : !item ? (
        <Alert color="gray">{t("Reading the file…")}</Alert>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table striped withTableBorder withColumnBorders fz="xs" data-test="upload-preview-table">
            <Table.Thead>
              <Table.Tr>
                {item.column_names.map((name, i) => (
                  // Names are unique within a file (the reader dedupes them).
                  <Table.Th key={name} data-test="upload-preview-column">
                    <Text size="xs" fw={600}>
                      {name}
                    </Text>
                    {item.column_types?.[i] && (
                      <Badge size="xs" variant="light" tt="none">
                        {item.column_types[i]}
                      </Badge>
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(item.rows ?? []).map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their position
                <Table.Tr key={r}>
                  {row.map((v, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    <Table.Td key={c}>{cell(v)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </div>
  );
}
