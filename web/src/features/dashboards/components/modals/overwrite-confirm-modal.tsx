import { Button, Code, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { t } from "../../../../lib/i18n";
import { type OverwriteItem, overwriteConfirmMessage } from "../../model/save-rules";

/** 001 §5: css or filter scopes differ from the stored dashboard: confirm before overwriting. */
export function OverwriteConfirmModal({
  items,
  onConfirm,
  onCancel,
}: {
  items: OverwriteItem[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t("Confirm overwrite")}
      size="xl"
      data-test="overwrite-confirm-modal"
    >
      <Stack>
        <Text>{overwriteConfirmMessage()}</Text>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Field")}</Table.Th>
              <Table.Th>{t("Stored value")}</Table.Th>
              <Table.Th>{t("Your value")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.key}>
                <Table.Td>{item.key}</Table.Td>
                <Table.Td>
                  <Code block>{item.before || " "}</Code>
                </Table.Td>
                <Table.Td>
                  <Code block>{item.after || " "}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("Cancel")}
          </Button>
          <Button color="red" onClick={onConfirm} data-test="overwrite-confirm">
            {t("Yes, overwrite")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
