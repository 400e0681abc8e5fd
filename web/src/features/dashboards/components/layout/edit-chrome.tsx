import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconGripVertical, IconTrash } from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import { t } from "../../../../lib/i18n";
import type { LayoutItem } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { useDnd } from "./dnd";
import classes from "./layout.module.css";

interface Props {
  component: LayoutItem;
  parentId: string;
  index: number;
  label: string;
  children: ReactNode;
  /** Extra tools shown next to the handle (header size, markdown preview…). */
  tools?: ReactNode;
  style?: CSSProperties;
  /** The element takes drops (it is a drop target in the builder). */
  droppable?: boolean;
  className?: string;
}

/** Containers keep their tools on the right, clear of their first child's. */
const CONTAINERS = new Set(["ROW", "COLUMN", "TABS"]);

/**
 * A layout component: a drop target; in edit mode also a drag handle and a delete button,
 * shown on hover.
 */
export function EditChrome({
  component,
  parentId,
  index,
  label,
  children,
  tools,
  style,
  droppable = true,
  className,
}: Props) {
  const { state, dispatch } = useDashboard();
  const { startDrag, draggingId } = useDnd();
  const edit = state.editMode;
  return (
    <div
      className={`${classes.component} ${edit ? classes.editing : ""} ${className ?? ""}`}
      style={{ ...style, opacity: draggingId === component.id ? 0.4 : undefined }}
      data-dnd-id={droppable ? component.id : undefined}
      data-test={`dashboard-component-${component.type.toLowerCase()}`}
      data-component-id={component.id}
    >
      {edit && (
        <Group
          className={`${classes.toolbar} ${CONTAINERS.has(component.type) ? classes.toolbarRight : ""}`}
          gap={2}
          wrap="nowrap"
        >
          <Tooltip label={t("Drag to move")} openDelay={400}>
            <ActionIcon
              size="sm"
              variant="default"
              className={classes.handle}
              aria-label={t("Move %s", label)}
              data-test="drag-handle"
              onPointerDown={(e) =>
                startDrag({ id: component.id, type: component.type, parentId, index }, label, e)
              }
            >
              <IconGripVertical size={14} />
            </ActionIcon>
          </Tooltip>
          {tools}
          <ActionIcon
            size="sm"
            variant="default"
            color="red"
            aria-label={t("Delete %s", label)}
            data-test="delete-component"
            onClick={() => dispatch({ type: "DELETE_COMPONENT", id: component.id })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      )}
      {children}
    </div>
  );
}
