import { ActionIcon, Menu } from "@mantine/core";
import {
  IconArrowAutofitWidth,
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconArrowsHorizontal,
  IconCopy,
  IconDotsVertical,
  IconDownload,
  IconEye,
  IconEyeOff,
  IconPinnedOff,
  IconRestore,
} from "@tabler/icons-react";
import { useState } from "react";
import { t } from "../../../../lib/i18n";
import type { GridColumn } from "./types";
import classes from "./virtual-grid.module.css";

export type PinSide = false | "start" | "end";

/** What the menu can do to the grid; shared by every header's menu. */
export interface ColumnMenuActions {
  copy: () => void;
  download: () => void;
  autosize: (key?: string) => void;
  hide: (key: string) => void;
  /** Shows one hidden column, or all of them without a key. */
  show: (key?: string) => void;
  pin: (key: string, side: PinSide) => void;
  reset: () => void;
}

interface Props {
  column: GridColumn;
  pinned: PinSide;
  /** False for the last visible column: hiding it would leave an empty grid. */
  canHide: boolean;
  hidden: GridColumn[];
  actions: ColumnMenuActions;
}

const ICON = 14;

/** The column header menu (001 §2): copy, CSV, autosize, hide/unhide, pin and reset. */
export function ColumnMenu({ column, pinned, canHide, hidden, actions }: Props) {
  const [unhideOpen, setUnhideOpen] = useState(false);
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal onClose={() => setUnhideOpen(false)}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.menuButton}
          aria-label={t("Column menu")}
          data-test="column-menu"
        >
          <IconDotsVertical size={ICON} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-test="column-menu-dropdown">
        <Menu.Item leftSection={<IconCopy size={ICON} />} onClick={actions.copy}>
          {t("Copy")}
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={ICON} />} onClick={actions.download}>
          {t("Download as CSV")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconArrowAutofitWidth size={ICON} />}
          onClick={() => actions.autosize(column.key)}
        >
          {t("Autosize this column")}
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowsHorizontal size={ICON} />} onClick={() => actions.autosize()}>
          {t("Autosize all columns")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconEyeOff size={ICON} />}
          disabled={!canHide}
          onClick={() => actions.hide(column.key)}
        >
          {t("Hide column")}
        </Menu.Item>
        {hidden.length > 0 && (
          <Menu.Sub opened={unhideOpen} onChange={setUnhideOpen}>
            <Menu.Sub.Target>
              {/* Hover or ArrowRight opens the list; so does a click (touch has no hover). */}
              <Menu.Sub.Item
                leftSection={<IconEye size={ICON} />}
                closeMenuOnClick={false}
                onClick={() => setUnhideOpen(true)}
              >
                {t("Unhide")}
              </Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown data-test="column-menu-unhide">
              {hidden.map((c) => (
                <Menu.Item key={c.key} onClick={() => actions.show(c.key)}>
                  {c.label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item onClick={() => actions.show()}>{t("Show all columns")}</Menu.Item>
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        )}
        <Menu.Divider />
        {pinned !== "start" && (
          <Menu.Item
            leftSection={<IconArrowBarToLeft size={ICON} />}
            onClick={() => actions.pin(column.key, "start")}
          >
            {t("Pin left")}
          </Menu.Item>
        )}
        {pinned !== "end" && (
          <Menu.Item
            leftSection={<IconArrowBarToRight size={ICON} />}
            onClick={() => actions.pin(column.key, "end")}
          >
            {t("Pin right")}
          </Menu.Item>
        )}
        {pinned && (
          <Menu.Item
            leftSection={<IconPinnedOff size={ICON} />}
            onClick={() => actions.pin(column.key, false)}
          >
            {t("Unpin")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconRestore size={ICON} />} onClick={actions.reset}>
          {t("Reset columns")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
