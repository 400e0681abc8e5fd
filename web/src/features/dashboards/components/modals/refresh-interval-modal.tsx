import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { t } from "../../../../lib/i18n";
import { REFRESH_INTERVALS } from "../../model/refresh";
import { useDashboard } from "../../state/dashboard-context";

/** Auto-refresh: kept for the session, or saved with the dashboard when set in edit mode. */
export function RefreshIntervalModal({ onClose }: { onClose: () => void }) {
  const { state, dispatch } = useDashboard();
  const [value, setValue] = useState(String(state.refreshFrequency));
  const known = REFRESH_INTERVALS.some(([s]) => String(s) === value);
  const data = [
    ...REFRESH_INTERVALS.map(([s, label]) => ({ value: String(s), label: t(label) })),
    ...(known ? [] : [{ value, label: t("%s seconds", value) }]),
  ];
  return (
    <Modal opened onClose={onClose} title={t("Refresh interval")} data-test="refresh-interval-modal">
      <Stack>
        <Select
          label={t("Refresh frequency")}
          data={data}
          value={value}
          onChange={(v) => v && setValue(v)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-test="refresh-interval-select"
        />
        <Text size="xs" c="dimmed">
          {state.editMode
            ? t("The interval is saved with the dashboard.")
            : t(
                "This interval applies to this session only; set it in edit mode to save it with the dashboard.",
              )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button
            onClick={() => {
              dispatch({ type: "SET_REFRESH_FREQUENCY", seconds: Number(value), persist: state.editMode });
              onClose();
            }}
            data-test="refresh-interval-save"
          >
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
