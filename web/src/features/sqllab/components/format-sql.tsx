import { ActionIcon, Tooltip } from "@mantine/core";
import { IconAlignLeft } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { formatSql } from "../api/format-sql";
import type { QueryEditor } from "../model/types";

/** Shown in the tooltip; the editor binds Mod-Shift-f (see sql-editor.tsx). */
export const FORMAT_SHORTCUT = "Ctrl/Cmd + Shift + F";

/**
 * Formats the tab's SQL on the server, in the dialect of the tab's database, and puts the result
 * in the editor. A failure is a toast with the server's message.
 */
export function useFormatSql(
  editor: Pick<QueryEditor, "sql" | "dbId">,
  onChange: (patch: Partial<QueryEditor>) => void,
) {
  const [busy, setBusy] = useState(false);
  const latest = useRef({ editor, onChange, busy });
  latest.current = { editor, onChange, busy };

  const format = useCallback(async () => {
    const { sql, dbId } = latest.current.editor;
    if (!sql.trim() || latest.current.busy) return;
    latest.current.busy = true;
    setBusy(true);
    try {
      const formatted = await formatSql(dbId ? { sql, database_id: dbId } : { sql });
      // Typing while the server formats wins: an answer for older text is dropped.
      if (latest.current.editor.sql === sql && formatted !== sql) latest.current.onChange({ sql: formatted });
    } catch (e) {
      toast.danger(errorMessage(e));
    } finally {
      latest.current.busy = false;
      setBusy(false);
    }
  }, []);

  return { format, busy };
}

export function FormatSqlButton({
  onClick,
  busy,
  disabled,
}: {
  onClick: () => void;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={t("Format SQL (%s)", FORMAT_SHORTCUT)}>
      <ActionIcon
        variant="default"
        size={30}
        onClick={onClick}
        loading={busy}
        disabled={disabled}
        aria-label={t("Format SQL")}
        data-test="format-sql"
      >
        <IconAlignLeft size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
