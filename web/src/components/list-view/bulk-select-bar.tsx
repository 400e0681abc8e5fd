import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { t } from "../../lib/i18n";
import type { BulkAction } from "./types";

interface Props<T> {
  selected: T[];
  actions: BulkAction<T>[];
  onDeselectAll: () => void;
  onAction: (action: BulkAction<T>) => void;
}

const COLORS = { primary: undefined, secondary: "gray", danger: "red" } as const;

export function BulkSelectBar<T>({ selected, actions, onDeselectAll, onAction }: Props<T>) {
  return (
    <Paper withBorder px="md" py={6} bg="var(--mantine-color-gray-0)" data-test="bulk-select-controls">
      <Group gap="md">
        <Text size="sm" data-test="bulk-select-copy">
          {selected.length === 0 ? t("0 Selected") : t("%s Selected", selected.length)}
        </Text>
        {selected.length > 0 && (
          <>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={onDeselectAll}
              data-test="bulk-select-deselect-all"
            >
              {t("Deselect all")}
            </Anchor>
            {actions.map((action) => (
              <Button
                key={action.key}
                size="xs"
                color={COLORS[action.type ?? "primary"]}
                variant={action.type === "secondary" ? "default" : "filled"}
                onClick={() => onAction(action)}
                data-test="bulk-select-action"
              >
                {action.name}
              </Button>
            ))}
          </>
        )}
      </Group>
    </Paper>
  );
}
