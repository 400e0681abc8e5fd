import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { vizTypeLabel } from "../../../components/charts";
import { isSupportedVizType } from "../../../components/charts/viz-types";
import { useRecentVizTypes, VizGallery } from "../../../components/viz-gallery";
import { t } from "../../../lib/i18n";

/**
 * The current visualisation and Superset's "Select a visualization type" gallery: a click
 * highlights a type, "Select" or a double-click switches to it. The choice is remembered as
 * recently used.
 */
export function VizPicker({ value, onChange }: { value: string; onChange: (vizType: string) => void }) {
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(value);
  const { recent, remember } = useRecentVizTypes();
  const supported = isSupportedVizType(value);
  const choose = (vizType: string) => {
    remember(vizType);
    setOpen(false);
    if (vizType !== value) onChange(vizType);
  };
  return (
    <>
      <Stack gap={4}>
        <Button
          variant="default"
          fullWidth
          justify="space-between"
          onClick={() => {
            setHighlighted(value);
            setOpen(true);
          }}
          data-test="viz-picker"
          rightSection={
            <Text size="xs" c="dimmed">
              {t("View all charts")}
            </Text>
          }
        >
          {vizTypeLabel(value)}
        </Button>
        {!supported && (
          <Group gap={4} wrap="nowrap" c="red" data-test="viz-picker-unsupported">
            <IconAlertCircle size={14} style={{ flex: "none" }} />
            <Text size="xs">{t("This visualization type is not supported.")}</Text>
          </Group>
        )}
      </Stack>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("Select a visualization type")}
        size="min(1090px, 95vw)"
        data-test="viz-picker-modal"
      >
        <Stack gap="sm">
          {open && (
            <VizGallery
              value={highlighted}
              onChange={setHighlighted}
              onPick={choose}
              recent={recent}
              height="min(70vh, 640px)"
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)} data-test="viz-picker-cancel">
              {t("Cancel")}
            </Button>
            <Button
              disabled={!highlighted || !isSupportedVizType(highlighted)}
              onClick={() => highlighted && choose(highlighted)}
              data-test="viz-picker-select"
            >
              {t("Select")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
