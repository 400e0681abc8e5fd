import { ActionIcon, Badge, Button, Checkbox, Collapse, Group, Stack, Table, Text } from "@mantine/core";
import { IconChevronDown, IconChevronRight, IconPlus, IconRefresh, IconTrash } from "@tabler/icons-react";
import { Fragment, useState } from "react";
import { t } from "../../../../lib/i18n";
import { ColumnDetails } from "./column-details";
import { type ColumnDraft, newKey } from "./dataset-draft";

interface Props {
  columns: ColumnDraft[];
  onChange: (columns: ColumnDraft[]) => void;
  onSync: () => void;
  syncing: boolean;
  /** A save was tried: new columns show what they lack. */
  revealErrors?: boolean;
  /** A field of a column was left. */
  onTouch?: (key: string) => void;
}

function blankCalculated(): ColumnDraft {
  return {
    key: newKey(),
    id: null,
    column_name: "",
    type: "",
    verbose_name: "",
    description: "",
    expression: "",
    calculated: true,
    filterable: true,
    groupby: true,
    is_active: true,
    is_dttm: false,
    python_date_format: "",
    advanced_data_type: null,
    uuid: null,
    extra: null,
  };
}

export function ColumnsTab({ columns, onChange, onSync, syncing, revealErrors = false, onTouch }: Props) {
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const patch = (key: string, p: Partial<ColumnDraft>) =>
    onChange(columns.map((c) => (c.key === key ? { ...c, ...p } : c)));
  const addCalculated = () => {
    const c = blankCalculated();
    onChange([...columns, c]);
    setExpanded((prev) => new Set(prev).add(c.key));
  };
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={syncing}
          onClick={onSync}
          data-test="sync-columns"
        >
          {t("Sync columns from source")}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={addCalculated}
          data-test="add-calculated-column"
        >
          {t("Add calculated column")}
        </Button>
      </Group>
      <Table striped withTableBorder verticalSpacing={4} data-test="columns-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} />
            <Table.Th>{t("Column")}</Table.Th>
            <Table.Th>{t("Data type")}</Table.Th>
            <Table.Th>{t("Is temporal")}</Table.Th>
            <Table.Th>{t("Is filterable")}</Table.Th>
            <Table.Th>{t("Is dimension")}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((c) => {
            const open = expanded.has(c.key);
            return (
              <Fragment key={c.key}>
                <Table.Tr data-test="column-row">
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => toggle(c.key)}
                      aria-label={t("Details of %s", c.column_name)}
                    >
                      {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {c.column_name || t("<new column>")}
                      </Text>
                      {c.calculated && (
                        <Badge size="xs" variant="light">
                          {t("calculated")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {c.type}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t("%s is temporal", c.column_name)}
                      checked={c.is_dttm}
                      onChange={(e) => patch(c.key, { is_dttm: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t("%s is filterable", c.column_name)}
                      checked={c.filterable}
                      onChange={(e) => patch(c.key, { filterable: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t("%s is dimension", c.column_name)}
                      checked={c.groupby}
                      onChange={(e) => patch(c.key, { groupby: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {c.calculated && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("Delete %s", c.column_name)}
                        onClick={() => onChange(columns.filter((x) => x.key !== c.key))}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr>
                    <Table.Td colSpan={7} p={0}>
                      <Collapse expanded>
                        <ColumnDetails
                          column={c}
                          onChange={(p) => patch(c.key, p)}
                          revealErrors={revealErrors}
                          onTouch={() => onTouch?.(c.key)}
                        />
                      </Collapse>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
