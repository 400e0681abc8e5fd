import { ActionIcon, Group, Menu, Tooltip } from "@mantine/core";
import { IconDotsVertical } from "@tabler/icons-react";
import type { ReactNode } from "react";

export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  /** data-test value, e.g. "edit", "delete". */
  test: string;
  hidden?: boolean;
}

/** Icon buttons of a list row, each with a tooltip and an accessible label. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  const visible = actions.filter((a) => !a.hidden);
  if (visible.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" data-test="row-actions">
      {visible.map((a) => (
        <Tooltip key={a.test} label={a.label} withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color={a.color ?? "gray"}
            aria-label={a.label}
            data-test={a.test}
            onClick={(e) => {
              e.stopPropagation();
              a.onClick();
            }}
          >
            {a.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The same actions folded into a menu, for a card whose header has no room for a row of icons. */
export function RowActionsMenu({ actions, label }: { actions: RowAction[]; label: string }) {
  const visible = actions.filter((a) => !a.hidden);
  if (visible.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          data-test="card-actions"
          onClick={(e) => {
            // The card may be a bulk-select target.
            e.stopPropagation();
          }}
        >
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {visible.map((a) => (
          <Menu.Item
            key={a.test}
            leftSection={a.icon}
            color={a.color}
            data-test={a.test}
            onClick={(e) => {
              e.stopPropagation();
              a.onClick();
            }}
          >
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
