import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import type { DatabaseRow } from "@strata/contracts";
import {
  IconBraces,
  IconCalendarTime,
  IconChartBar,
  IconCopy,
  IconDeviceFloppy,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLink,
  IconPlayerPlay,
  IconPlayerStop,
  IconShare,
} from "@tabler/icons-react";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import type { CtasMethod } from "../model/types";
import type { CostEstimate } from "../model/cost-estimates";
import type { QueryEditor } from "../model/types";
import { EstimateCost } from "./estimate-cost";
import { FormatSqlButton } from "./format-sql";
import { QueryLimitSelect } from "./query-limit-select";
import { RunOptionsMenu } from "./run-options-menu";

/** The dialogs the toolbar opens (the tab owns them). */
export type EditorModal = "save" | "explore" | "params" | "schedule";

export interface EditorToolbarProps {
  editor: QueryEditor;
  /** The tab's database (its row says which run options and cost estimates it allows). */
  database: DatabaseRow | undefined;
  /** Whether the tab's latest query is running: Stop replaces Run and the run options. */
  running: boolean;
  /** Largest LIMIT offered (SQL_MAX_ROW of the editor bootstrap). */
  maxRow?: number;
  /** Whether the SQL is being formatted. */
  formatting: boolean;
  /** The tab's cost estimate, if any. */
  costEstimate: CostEstimate | undefined;
  /** Edits the tab (left bar toggle, limit). */
  onChange: (patch: Partial<QueryEditor>) => void;
  onRun: () => void;
  onStop: () => void;
  /** A CREATE TABLE/VIEW AS method picked in the run options. */
  onPickCtas: (method: CtasMethod) => void;
  onFormat: () => void;
  onEstimate: () => void;
  onOpenModal: (modal: EditorModal) => void;
  /** Copies the link of the saved query (offered only when the tab has one). */
  onCopyLink: () => void;
  /** Shares the tab as a permalink. */
  onShare: () => void;
}

/**
 * The row under the SQL editor: run controls on the left, save/share/explore actions on the right. On narrow
 * screens the actions on the right wrap under the run controls (the split keeps room for it).
 */
export function EditorToolbar({
  editor,
  database,
  running,
  maxRow,
  formatting,
  costEstimate,
  onChange,
  onRun,
  onStop,
  onPickCtas,
  onFormat,
  onEstimate,
  onOpenModal,
  onCopyLink,
  onShare,
}: EditorToolbarProps) {
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" style={{ rowGap: 4 }}>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={editor.hideLeftBar ? t("Show left bar") : t("Hide left bar")}>
          <ActionIcon
            variant="default"
            onClick={() => onChange({ hideLeftBar: !editor.hideLeftBar })}
            aria-label={t("Toggle left bar")}
            data-test="toggle-left-bar"
          >
            {editor.hideLeftBar ? (
              <IconLayoutSidebarLeftExpand size={16} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={16} />
            )}
          </ActionIcon>
        </Tooltip>
        {running ? (
          <Button
            size="xs"
            color="red"
            leftSection={<IconPlayerStop size={14} />}
            onClick={() => onStop()}
            data-test="stop-query"
          >
            {t("Stop")}
          </Button>
        ) : (
          <Tooltip label={t("Ctrl/Cmd + Enter")}>
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={() => onRun()}
              disabled={!editor.dbId}
              data-test="run-query"
            >
              {t("Run")}
            </Button>
          </Tooltip>
        )}
        {!running && <RunOptionsMenu database={database} disabled={!editor.dbId} onPick={onPickCtas} />}
        <QueryLimitSelect
          value={editor.queryLimit}
          maxRow={maxRow}
          onChange={(queryLimit) => onChange({ queryLimit })}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBraces size={14} />}
          onClick={() => onOpenModal("params")}
          data-test="template-params"
        >
          {t("Parameters")}
        </Button>
        <FormatSqlButton onClick={onFormat} busy={formatting} disabled={!editor.sql.trim()} />
        <EstimateCost
          database={database}
          disabled={!editor.sql.trim()}
          estimate={costEstimate}
          onRequest={onEstimate}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" ml="auto">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDeviceFloppy size={14} />}
          onClick={() => onOpenModal("save")}
          data-test="save-query"
        >
          {editor.remoteId ? t("Save / Update") : t("Save")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCalendarTime size={14} />}
          onClick={() => onOpenModal("schedule")}
          disabled={!editor.dbId || !editor.sql.trim()}
          data-test="schedule-query"
        >
          {t("Schedule")}
        </Button>
        {editor.remoteId && (
          <Tooltip label={t("Copy link")}>
            <ActionIcon
              variant="default"
              onClick={() => onCopyLink()}
              aria-label={t("Copy link")}
              data-test="copy-link"
            >
              <IconLink size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t("Copy link")}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconShare size={14} />}
            onClick={() => onShare()}
            disabled={!editor.dbId}
            data-test="share-query"
          >
            {t("Share")}
          </Button>
        </Tooltip>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChartBar size={14} />}
          disabled={!editor.dbId || !editor.sql.trim()}
          onClick={() => onOpenModal("explore")}
          data-test="explore-query"
        >
          {t("Explore")}
        </Button>
        <Tooltip label={t("Copy query")}>
          <ActionIcon
            variant="default"
            aria-label={t("Copy query")}
            onClick={() =>
              navigator.clipboard?.writeText(editor.sql).then(
                () => toast.success(t("Copied to clipboard!")),
                () => {},
              )
            }
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
