import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import { NEW_COMPONENTS_SOURCE_ID, type LayoutItem } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { EmptyDrop } from "./container-blocks";
import { EditChrome } from "./edit-chrome";
import classes from "./layout.module.css";
import { ChildNode, type NodeProps } from "./node-renderer";
import { TabHeaders } from "./tab-headers";
import tabClasses from "./tabs.module.css";

/**
 * Tabs: a header per tab (a drop target too; reordered by dragging in edit mode), the active
 * tab's content below.
 */
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
        <TabHeaders tabs={item} activeId={active} />
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
            <ChildNode key={child} id={child} parentId={activeTab.id} index={i} />
          ))}
          {activeTab.children.length === 0 && edit && (
            <EmptyDrop label={t("Drag and drop components to this tab")} />
          )}
        </div>
      )}
    </EditChrome>
  );
}
