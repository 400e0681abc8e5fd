import { Button, Code, Group, Modal, ScrollArea, SegmentedControl, Stack } from "@mantine/core";
import type { SqlLabQueryRow } from "@strata/contracts";
import { IconExternalLink } from "@tabler/icons-react";
import { useState } from "react";
import { CopyTextButton } from "../../../components/copy-text-button";
import { t } from "../../../lib/i18n";

type Shown = "user" | "executed";

/**
 * Query preview: a run's whole SQL, as written and (when it differs: templates, a row limit) as
 * executed, with a copy button and, for those who may use SQL Lab, "Open in SQL Lab".
 */
export function QueryPreviewModal({
  query,
  onClose,
  onOpenInSqlLab,
}: {
  query: SqlLabQueryRow;
  onClose: () => void;
  onOpenInSqlLab?: (q: SqlLabQueryRow) => void;
}) {
  const [shown, setShown] = useState<Shown>("user");
  const executed = query.executed_sql && query.executed_sql !== query.sql ? query.executed_sql : null;
  const sql = shown === "executed" && executed ? executed : (query.sql ?? "");
  return (
    <Modal opened onClose={onClose} size="xl" title={t("Query preview")} data-test="query-preview-modal">
      <Stack gap="sm">
        <Group justify="space-between">
          {executed ? (
            <SegmentedControl
              size="xs"
              value={shown}
              onChange={(v) => setShown(v as Shown)}
              data={[
                { value: "user", label: t("User query") },
                { value: "executed", label: t("Executed query") },
              ]}
              data-test="query-preview-toggle"
            />
          ) : (
            <span />
          )}
          <CopyTextButton value={sql} test="copy-query" />
        </Group>
        <ScrollArea.Autosize mah={480}>
          <Code block data-test="query-preview-sql">
            {sql}
          </Code>
        </ScrollArea.Autosize>
        {onOpenInSqlLab && (
          <Group justify="flex-end">
            <Button
              leftSection={<IconExternalLink size={16} />}
              onClick={() => onOpenInSqlLab(query)}
              data-test="query-preview-open-in-sqllab"
            >
              {t("Open in SQL Lab")}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
