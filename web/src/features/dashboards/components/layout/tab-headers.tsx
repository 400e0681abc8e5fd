import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, UnstyledButton } from "@mantine/core";
import { IconGripVertical, IconX } from "@tabler/icons-react";
import { useMemo } from "react";
import { t } from "../../../../lib/i18n";
import { NEW_TAB_TITLE, type LayoutItem } from "../../model/layout-types";
import { tabDropIndex } from "../../model/tab-order";
import { useDashboard } from "../../state/dashboard-context";
import { EditableText } from "./editable-text";
import tabClasses from "./tabs.module.css";

interface HeaderProps {
  tab: LayoutItem;
  index: number;
  selected: boolean;
}

const titleOf = (tab: LayoutItem | undefined, index: number) =>
  (tab?.meta.text as string) || t("Tab %s", index + 1);

/** A tab's title button (selects it; editable once selected in edit mode) and its delete button. */
function TabHeaderBody({ tab, index, selected }: HeaderProps) {
  const { state, dispatch } = useDashboard();
  const edit = state.editMode;
  return (
    <>
      <UnstyledButton
        role="tab"
        aria-selected={selected}
        className={tabClasses.tabButton}
        onClick={() => dispatch({ type: "SET_ACTIVE_TAB", tabId: tab.id })}
        data-test="dashboard-tab"
      >
        <EditableText
          value={(tab.meta.text as string) ?? ""}
          placeholder={t(NEW_TAB_TITLE)}
          editable={edit && selected}
          label={t("Tab title")}
          onChange={(text) => dispatch({ type: "UPDATE_META", id: tab.id, meta: { text } })}
        />
      </UnstyledButton>
      {edit && (
        <ActionIcon
          size="xs"
          variant="subtle"
          color="gray"
          aria-label={t("Delete tab %s", (tab.meta.text as string) ?? index + 1)}
          onClick={() => dispatch({ type: "DELETE_COMPONENT", id: tab.id })}
          data-test="delete-tab"
        >
          <IconX size={12} />
        </ActionIcon>
      )}
    </>
  );
}

function StaticTabHeader(props: HeaderProps) {
  return (
    <div className={tabClasses.tab} data-active={props.selected || undefined} data-dnd-id={props.tab.id}>
      <TabHeaderBody {...props} />
    </div>
  );
}

/**
 * Edit mode: the whole header drags with the pointer; the grip is the keyboard handle (Space or
 * Enter picks the tab up, arrows move it, Space/Enter drops, Escape cancels). Keys pressed on the
 * title go to the title: the keyboard sensor only starts from the activator node.
 */
function SortableTabHeader(props: HeaderProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props.tab.id });
  return (
    <div
      ref={setNodeRef}
      className={`${tabClasses.tab} ${tabClasses.sortable}`}
      data-active={props.selected || undefined}
      data-dnd-id={props.tab.id}
      data-dragging={isDragging || undefined}
      data-test="sortable-tab"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        size="xs"
        variant="transparent"
        color="gray"
        className={tabClasses.grip}
        {...attributes}
        aria-label={t("Move tab %s", titleOf(props.tab, props.index))}
        data-test="tab-drag-handle"
      >
        <IconGripVertical size={12} />
      </ActionIcon>
      <TabHeaderBody {...props} />
    </div>
  );
}

/** Tab headers move along their row only. */
const alongRow: Modifier = ({ transform }) => ({ ...transform, y: 0 });

/** The headers of a tabs container; in edit mode they reorder by dragging (001 §4 layout edits). */
export function TabHeaders({ tabs, activeId }: { tabs: LayoutItem; activeId: string | undefined }) {
  const { state } = useDashboard();
  const layout = state.layout.present;
  const headers = tabs.children.flatMap((id, index) => {
    const tab = layout[id];
    return tab ? [{ tab, index, selected: id === activeId }] : [];
  });
  if (!state.editMode)
    return (
      <>
        {headers.map((h) => (
          <StaticTabHeader key={h.tab.id} {...h} />
        ))}
      </>
    );
  return <SortableTabs tabs={tabs} headers={headers} />;
}

function SortableTabs({ tabs, headers }: { tabs: LayoutItem; headers: HeaderProps[] }) {
  const { state, dispatch } = useDashboard();
  const sensors = useSensors(
    // A few pixels of travel first, so clicks still select, rename and delete.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const layout = state.layout.present;
  const announcements = useMemo<Announcements>(() => {
    const name = (id: string | number) => {
      const index = tabs.children.indexOf(String(id));
      return titleOf(layout[String(id)], index);
    };
    const position = (id: string | number) => tabs.children.indexOf(String(id)) + 1;
    return {
      onDragStart: ({ active }) => t("Picked up tab %s.", name(active.id)),
      onDragOver: ({ active, over }) =>
        over ? t("Tab %s is over position %s.", name(active.id), position(over.id)) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t("Tab %s was dropped at position %s.", name(active.id), position(over.id))
          : t("Tab %s was dropped.", name(active.id)),
      onDragCancel: ({ active }) => t("Moving tab %s was cancelled.", name(active.id)),
    };
  }, [tabs.children, layout]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const toIndex = tabDropIndex(state.layout.present, String(active.id), String(over.id));
    if (toIndex >= 0) dispatch({ type: "MOVE_TAB", tabId: String(active.id), toIndex });
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongRow]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={tabs.children} strategy={horizontalListSortingStrategy}>
        {headers.map((h) => (
          <SortableTabHeader key={h.tab.id} {...h} />
        ))}
      </SortableContext>
    </DndContext>
  );
}
