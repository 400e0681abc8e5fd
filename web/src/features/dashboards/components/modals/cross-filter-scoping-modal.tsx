import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { saveDashboard } from "../../api/save-dashboard";
import { crossFilterTargets, withCrossFilterScope } from "../../model/cross-filter-scoping";
import { chartIdsUnder } from "../../model/layout-tree";
import { ROOT_ID } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";

/**
 * Cross-filter scoping of one chart: which other charts its cross filters apply to. Saved at once
 * in the dashboard's json_metadata (`chart_configuration`), as Superset does from view mode.
 */
export default function CrossFilterScopingModal({
  chartId,
  chartName,
  onClose,
}: {
  chartId: number;
  chartName: string;
  onClose: () => void;
}) {
  const { state, dispatch } = useDashboard();
  const layout = state.layout.present;
  const others = useMemo(
    () => chartIdsUnder(layout, ROOT_ID).filter((c) => c !== chartId),
    [layout, chartId],
  );
  const [selected, setSelected] = useState<number[]>(() =>
    crossFilterTargets(state.metadata, layout, chartId),
  );
  const { busy: saving, save: run } = useFormSave({
    fieldMessages: false,
    onFailure: () => toast.danger(t("Failed to save cross-filter scoping")),
  });
  const nameOf = (id: number) => state.charts[id]?.sliceName ?? t("Chart %s", id);

  const save = () =>
    run({}, async () => {
      const metadata = withCrossFilterScope(state.metadata, layout, chartId, selected);
      const res = await saveDashboard(state.info.id, {
        json_metadata: JSON.stringify(metadata),
        last_modified_time: state.info.lastModifiedTime,
      });
      dispatch({
        type: "SET_PROPERTIES",
        info: { lastModifiedTime: res.last_modified_time },
        metadata,
        fromEditMode: false,
      });
      onClose();
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t("Cross-filter scoping")}: ${chartName}`}
      data-test="cross-filter-scoping-modal"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("Select the charts this chart's cross-filters apply to.")}
        </Text>
        <Checkbox
          label={t("All charts")}
          checked={selected.length === others.length && others.length > 0}
          indeterminate={selected.length > 0 && selected.length < others.length}
          onChange={(e) => setSelected(e.currentTarget.checked ? others : [])}
          data-test="scoping-all"
        />
        <ScrollArea.Autosize mah={320}>
          <Stack gap={6} pl="md">
            {others.map((id) => (
              <Checkbox
                key={id}
                label={nameOf(id)}
                checked={selected.includes(id)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected((s) => (on ? [...s, id] : s.filter((c) => c !== id)));
                }}
                data-test="scoping-chart"
                data-chart-id={id}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button onClick={() => void save()} loading={saving} data-test="scoping-save">
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
