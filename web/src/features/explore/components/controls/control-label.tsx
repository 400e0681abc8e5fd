import { Group, Text, Tooltip } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ControlConfig } from "../../model/control-types";

/** A control's label: required marker, description tooltip, and validation state. */
export function ControlLabel({ control, invalid }: { control: ControlConfig; invalid?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={500} c={invalid ? "red" : undefined}>
        {control.label}
        {control.required ? (
          <Text span c="red" aria-hidden>
            {" "}
            *
          </Text>
        ) : null}
      </Text>
      {control.description ? (
        <Tooltip label={control.description} multiline w={260} withArrow>
          <IconInfoCircle size={14} aria-label={control.description} style={{ opacity: 0.6 }} />
        </Tooltip>
      ) : null}
    </Group>
  );
}
