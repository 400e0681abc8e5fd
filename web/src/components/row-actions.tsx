import { ActionIcon, Group, Tooltip } from "@mantine/core";
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
