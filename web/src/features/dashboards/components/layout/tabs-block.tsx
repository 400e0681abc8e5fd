import { ActionIcon, Group, Tooltip, UnstyledButton } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import { NEW_COMPONENTS_SOURCE_ID, NEW_TAB_TITLE, type LayoutItem } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { EmptyDrop } from "./container-blocks";
import { EditableText } from "./editable-text";
import { EditChrome } from "./edit-chrome";
import classes from "./layout.module.css";
import { LayoutNode, type NodeProps } from "./layout-node";
import tabClasses from "./tabs.module.css";

/** Tabs: a header per tab (a drop target too), the active tab's content below. */
export function TabsBlock({ item, parentId, index }: NodeProps & { item: LayoutItem }) {
  const { state, dispatch } = useDashboard();
  const layout = state.layout.present;
  const active = item.children.find((c) => state.activeTabs.includes(c)) ?? item.children[0];
  const edit = state.editMode;
  const addTab = () =>
    dispatch({
      type: "DROP",
      drop: {
        source: { id: NEW_COMPONENTS_SOURCE_ID, index: 0 },
        destination: { id: item.id, index: item.children.length },
        dragging: { id: "new-tab", type: "TAB" },
      },
    });
  const activeTab = active ? layout[active] : undefined;
  return (
    <EditChrome
      component={item}
      parentId={parentId}
      index={index}
      label={t("Tabs")}
      style={{ width: "100%" }}
      droppable={parentId !== "ROOT_ID" || edit}
    >
      <Group gap={0} className={tabClasses.list} role="tablist" wrap="wrap">
        {item.children.map((tabId, i) => {
          const tab = layout[tabId];
          if (!tab) return null;
          const selected = tabId === active;
          return (
            <div
              key={tabId}
              className={tabClasses.tab}
              data-active={selected || undefined}
              data-dnd-id={tabId}
            >
              <UnstyledButton
                role="tab"
                aria-selected={selected}
                className={tabClasses.tabButton}
                onClick={() => dispatch({ type: "SET_ACTIVE_TAB", tabId })}
                data-test="dashboard-tab"
              >
                <EditableText
                  value={(tab.meta.text as string) ?? ""}
                  placeholder={t(NEW_TAB_TITLE)}
                  editable={edit && selected}
                  label={t("Tab title")}
                  onChange={(text) => dispatch({ type: "UPDATE_META", id: tabId, meta: { text } })}
                />
              </UnstyledButton>
              {edit && (
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  color="gray"
                  aria-label={t("Delete tab %s", (tab.meta.text as string) ?? i + 1)}
                  onClick={() => dispatch({ type: "DELETE_COMPONENT", id: tabId })}
                  data-test="delete-tab"
                >
                  <IconX size={12} />
                </ActionIcon>
              )}
            </div>
          );
        })}
        {edit && (
          <Tooltip label={t("Add tab")}>
            <ActionIcon
              variant="subtle"
              size="sm"
              ml="xs"
              aria-label={t("Add tab")}
              onClick={addTab}
              data-test="add-tab"
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {activeTab && (
        <div
          className={classes.stack}
          data-dnd-id={activeTab.id}
          role="tabpanel"
          style={{ paddingTop: 12, minHeight: edit ? 80 : undefined }}
          data-test="dashboard-tab-panel"
        >
          {activeTab.children.map((child, i) => (
            <LayoutNode key={child} id={child} parentId={activeTab.id} index={i} />
          ))}
          {activeTab.children.length === 0 && edit && (
            <EmptyDrop label={t("Drag and drop components to this tab")} />
          )}
        </div>
      )}
    </EditChrome>
  );
}
