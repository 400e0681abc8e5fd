import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { t } from "../../../lib/i18n";

/** The '…' menu on an editor tab: close, rename, duplicate, close the others. */
export function TabMenu(props: {
  onClose: () => void;
  onRename: () => void;
  onCopy: () => void;
  onCloseOthers: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          size="xs"
          variant="subtle"
          component="span"
          aria-label={t("Tab actions")}
          onClick={(e) => e.stopPropagation()}
          data-test="tab-menu"
        >
          <IconDots size={12} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={props.onClose}>{t("Close tab")}</Menu.Item>
        <Menu.Item onClick={props.onRename}>{t("Rename tab")}</Menu.Item>
        <Menu.Item onClick={props.onCopy} data-test="duplicate-tab">
          {t("Duplicate tab")}
        </Menu.Item>
        <Menu.Item onClick={props.onCloseOthers}>{t("Close all other tabs")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
