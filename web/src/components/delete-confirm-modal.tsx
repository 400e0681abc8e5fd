import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { t } from "../lib/i18n";

interface Props {
  opened: boolean;
  title: string;
  description: React.ReactNode;
  onConfirm: () => unknown;
  onClose: () => void;
}

/** Superset-style deletion guard: type DELETE to enable the button. */
export function DeleteConfirmModal({ opened, title, description, onConfirm, onClose }: Props) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const close = () => {
    setText("");
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      close();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered data-test="delete-modal">
      <Stack>
        <Text size="sm">{description}</Text>
        <TextInput
          label={t('Type "%s" to confirm', "DELETE")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-test="delete-modal-input"
          data-autofocus
          onKeyDown={(e) => {
            if (e.key === "Enter" && text.toUpperCase() === "DELETE") void confirm();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("Cancel")}
          </Button>
          <Button
            color="red"
            disabled={text.toUpperCase() !== "DELETE"}
            loading={busy}
            onClick={confirm}
            data-test="modal-confirm-button"
          >
            {t("Delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
