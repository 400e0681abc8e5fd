import { ActionIcon, Group } from "@mantine/core";
import { IconTable, IconX } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import type { QueryRun, TableSchema } from "../../model/types";

/** What the south pane needs to show the tab's tables as their own tabs. */
export interface TableTabs {
  tables: TableSchema[];
  queries: Record<string, QueryRun>;
  previewAllowed: (dbId: number) => boolean;
  /** Runs a table's data preview once; `force` runs it again. */
  onPreview: (table: TableSchema, force?: boolean) => void;
  onRemove: (table: TableSchema) => void;
  onStop: (query: QueryRun | undefined) => void;
}

/** The south-pane tab title of a table, with its remove ✕ (a span: the tab itself is a button). */
export function TableTabLabel({ table, onRemove }: { table: TableSchema; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconTable size={14} />
      {table.name}
      <ActionIcon
        component="span"
        role="button"
        size="xs"
        variant="subtle"
        color="gray"
        aria-label={t("Remove table preview")}
        onClick={(e) => {
          e.stopPropagation();
          onRemove();
        }}
        data-test="table-tab-remove"
      >
        <IconX size={12} />
      </ActionIcon>
    </Group>
  );
}
