import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
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

/** Space between the run controls and the actions (Mantine's "xs" gap is 10 px). */
const GROUPS_GAP = 10;

/**
 * Whether the toolbar shows its secondary buttons as icons: when its two groups with their labels
 * are wider than the row. The labelled width is measured whenever the labels show, and the
 * labels come back once the row is that wide again (a label that grew meanwhile, "Save" turning
 * "Save / Update", only costs one more measure).
 */
function useCompactToolbar() {
  const rowRef = useRef<HTMLDivElement>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  const rightRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // The width the labelled toolbar needs, known when it did not fit.
  const [labelled, setLabelled] = useState<number | null>(null);
  const compact = labelled !== null && width < labelled;
  // Measured as the row or a group changes size (a resize, a label or a button coming or going),
  // not at every keystroke in the editor.
  useLayoutEffect(() => {
    const row = rowRef.current;
    const left = leftRef.current;
    const right = rightRef.current;
    if (!row || !left || !right) return;
    const measure = () => {
      const available = row.clientWidth;
      setWidth(available);
      // Icons only: the groups' widths say nothing of the labels.
      if (compact) return;
      const needed = left.offsetWidth + right.offsetWidth + GROUPS_GAP;
      setLabelled(needed > available ? needed : null);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    for (const element of [row, left, right]) observer.observe(element);
    return () => observer.disconnect();
  }, [compact]);
  return { rowRef, leftRef, rightRef, compact };
}

/** A secondary toolbar button: its label, or only its icon (named by a tooltip) when room is short. */
function ToolbarButton({
  compact,
  icon,
  label,
  tooltip,
  testId,
  disabled,
  onClick,
}: {
  compact: boolean;
  icon: ReactNode;
  label: string;
  tooltip?: string;
  testId: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const button = compact ? (
    <ActionIcon
      variant="default"
      size={30}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      data-test={testId}
    >
      {icon}
    </ActionIcon>
  ) : (
    <Button
      size="xs"
      variant="default"
      leftSection={icon}
      disabled={disabled}
      onClick={onClick}
      data-test={testId}
    >
      {label}
    </Button>
  );
  const hint = tooltip ?? (compact ? label : undefined);
  return hint ? <Tooltip label={hint}>{button}</Tooltip> : button;
}

/**
 * The row under the SQL editor: run controls on the left, save/share/explore actions on the right,
 * on one row: when the labels do not fit (a 1280 px screen, or "Save / Update" and the link button
 * of a saved query), Parameters, Schedule, Share and Explore show as icons. Only on a screen too
 * narrow even for that do the actions wrap under the run controls.
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
  const { rowRef, leftRef, rightRef, compact } = useCompactToolbar();
  return (
    <Group
      ref={rowRef}
      gap={GROUPS_GAP}
      justify="space-between"
      wrap="wrap"
      style={{ rowGap: 4 }}
      data-test="sqllab-toolbar"
      data-compact={compact || undefined}
    >
      <Group ref={leftRef} gap="xs" wrap="nowrap">
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
        <ToolbarButton
          compact={compact}
          icon={<IconBraces size={14} />}
          label={t("Parameters")}
          onClick={() => onOpenModal("params")}
          testId="template-params"
        />
        <FormatSqlButton onClick={onFormat} busy={formatting} disabled={!editor.sql.trim()} />
        <EstimateCost
          database={database}
          disabled={!editor.sql.trim()}
          estimate={costEstimate}
          onRequest={onEstimate}
        />
      </Group>
      <Group ref={rightRef} gap="xs" wrap="nowrap" ml="auto">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDeviceFloppy size={14} />}
          onClick={() => onOpenModal("save")}
          data-test="save-query"
        >
          {editor.remoteId ? t("Save / Update") : t("Save")}
        </Button>
        <ToolbarButton
          compact={compact}
          icon={<IconCalendarTime size={14} />}
          label={t("Schedule")}
          onClick={() => onOpenModal("schedule")}
          disabled={!editor.dbId || !editor.sql.trim()}
          testId="schedule-query"
        />
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
        <ToolbarButton
          compact={compact}
          icon={<IconShare size={14} />}
          label={t("Share")}
          tooltip={t("Copy link")}
          onClick={() => onShare()}
          disabled={!editor.dbId}
          testId="share-query"
        />
        <ToolbarButton
          compact={compact}
          icon={<IconChartBar size={14} />}
          label={t("Explore")}
          disabled={!editor.dbId || !editor.sql.trim()}
          onClick={() => onOpenModal("explore")}
          testId="explore-query"
        />
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
