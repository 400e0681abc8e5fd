import { Alert, Button, Group, Text } from "@mantine/core";
import { IconTableShortcut } from "@tabler/icons-react";
import { t } from "../../../lib/i18n";
import type { QueryRun } from "../model/types";

/** Quotes a name only when it is not a plain identifier. */
function ident(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** `schema.table` of what a CTAS/CVAS run created (the query's schema when the server names none). */
export function ctasTarget(query: QueryRun): { schema: string | null; table: string } | null {
  if (!query.tempTable) return null;
  return { schema: query.tempSchema || query.schema || null, table: query.tempTable };
}

/** Result of a CREATE TABLE/VIEW AS run: what was created, and a button to query it in a new tab. */
export function CtasOutcome({
  query,
  onOpenInNewTab,
}: {
  query: QueryRun;
  onOpenInNewTab: (sql: string, dbId: number | null, schema: string | null) => void;
}) {
  const target = ctasTarget(query);
  const parts = target ? [target.schema, target.table].filter((x): x is string => Boolean(x)) : [];
  const shown = parts.join(".");
  const sqlName = parts.map(ident).join(".");
  const isView = query.ctas_method === "VIEW";
  return (
    <Alert color="teal" data-test="ctas-outcome">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-test="ctas-message">
          {target
            ? isView
              ? t("View %s was created", shown)
              : t("Table %s was created", shown)
            : isView
              ? t("The view was created")
              : t("The table was created")}
        </Text>
        {target && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconTableShortcut size={14} />}
            onClick={() => onOpenInNewTab(`SELECT * FROM ${sqlName}`, query.dbId, target.schema)}
            data-test="ctas-query-new-tab"
          >
            {t("Query in a new tab")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
