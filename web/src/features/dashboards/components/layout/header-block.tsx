import { ActionIcon, Menu, Title } from "@mantine/core";
import { IconTextSize } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import type { HeaderSize, LayoutItem } from "../../model/layout-types";
import { NEW_HEADER_TEXT } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { EditableText } from "./editable-text";
import { EditChrome } from "./edit-chrome";
import type { NodeProps } from "./node-renderer";

const ORDER: Record<HeaderSize, 2 | 3 | 4> = { LARGE_HEADER: 2, MEDIUM_HEADER: 3, SMALL_HEADER: 4 };
const SIZES: [HeaderSize, string][] = [
  ["SMALL_HEADER", "Small"],
  ["MEDIUM_HEADER", "Medium"],
  ["LARGE_HEADER", "Large"],
];

/** A header component: its text (editable in edit mode) at one of three sizes. */
export function HeaderBlock({ item, parentId, index }: NodeProps & { item: LayoutItem }) {
  const { state, dispatch } = useDashboard();
  const size = (item.meta.headerSize as HeaderSize) ?? "MEDIUM_HEADER";
  const tools = (
    <Menu withinPortal>
      <Menu.Target>
        <ActionIcon size="sm" variant="default" aria-label={t("Header size")}>
          <IconTextSize size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {SIZES.map(([value, label]) => (
          <Menu.Item
            key={value}
            onClick={() => dispatch({ type: "UPDATE_META", id: item.id, meta: { headerSize: value } })}
          >
            {t(label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <EditChrome
      component={item}
      parentId={parentId}
      index={index}
      label={t("Header")}
      tools={tools}
      style={{ width: "100%" }}
    >
      <Title order={ORDER[size] ?? 3} py={4} data-test="dashboard-header-text">
        <EditableText
          value={(item.meta.text as string) ?? ""}
          placeholder={t(NEW_HEADER_TEXT)}
          editable={state.editMode}
          label={t("Header text")}
          onChange={(text) => dispatch({ type: "UPDATE_META", id: item.id, meta: { text } })}
        />
      </Title>
    </EditChrome>
  );
}
