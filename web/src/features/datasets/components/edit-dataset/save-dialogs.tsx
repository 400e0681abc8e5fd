import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";

export function ConfirmSaveDialog({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t("Confirm save")}
      size={432}
      centered
      data-test="dataset-confirm-save"
    >
      <Stack>
        <Text size="sm">
          {t(
            "The dataset configuration exposed here affects all the charts using this dataset. Be mindful that changing settings here may affect other charts in undesirable ways.",
          )}
        </Text>
        <Text size="sm" fw={500}>
          {t("Are you sure you want to save and apply changes?")}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("Cancel")}
          </Button>
          <Button onClick={onConfirm} data-test="modal-confirm-save-button">
            {t("OK")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function SaveErrorDialog({ error, onClose }: { error: unknown; onClose: () => void }) {
  return (
    <Modal
      opened={error !== null}
      onClose={onClose}
      title={t("Error saving dataset")}
      centered
      data-test="dataset-save-error"
    >
      <Stack>
        {error !== null && <ApiErrorDisplay error={error} />}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("OK")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
