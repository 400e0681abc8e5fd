import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { TaggableType } from "@strata/contracts";
import { useState } from "react";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { bulkTag } from "./api/bulk-tag";
import { TagPicker } from "./tag-picker";

interface Props {
  /** The objects to tag; the modal is open while this is not null. */
  selected: { id: number }[] | null;
  /** Object type sent with each object. */
  resourceName: TaggableType;
  /** Noun of 'Tagged %s %ss' (defaults to the type). */
  noun?: string;
  onClose: () => void;
  /** After a save that tagged something, so the list can show the new chips. */
  onTagged: () => void;
}

/** 'Bulk tag' (000 §2): put one or more tags, new or existing, on every selected object. */
export function BulkTagModal({ selected, resourceName, noun = resourceName, onClose, onTagged }: Props) {
  const [tags, setTags] = useState<string[]>([]);
  const { busy: saving, save: run } = useFormSave({
    fieldMessages: false,
    onFailure: () => toast.danger(t("Failed to tag items")),
  });
  const count = selected?.length ?? 0;

  const close = () => {
    setTags([]);
    onClose();
  };

  const save = async () => {
    if (!selected || count === 0 || tags.length === 0) return;
    await run({}, async () => {
      const result = await bulkTag({
        tags,
        objects_to_tag: selected.map((row) => [resourceName, row.id]),
      });
      // The server tags what the caller may edit and returns the rest (000 §6).
      if (result.objects_skipped.length > 0)
        toast.warning(
          t(
            "%s items could not be tagged because you don’t have edit permissions to all selected objects.",
            result.objects_skipped.length,
          ),
        );
      if (result.objects_tagged.length > 0) {
        toast.success(t("Tagged %s %ss", result.objects_tagged.length, noun));
        onTagged();
      }
      close();
    });
  };

  return (
    <Modal opened={selected !== null} onClose={close} title={t("Bulk tag")} data-test="bulk-tag-modal">
      <Stack gap="md">
        <Text size="sm">{t("You are adding tags to %s %ss", count, noun)}</Text>
        <TagPicker value={tags} onChange={setTags} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("Cancel")}
          </Button>
          <Button
            onClick={save}
            loading={saving}
            disabled={count === 0 || tags.length === 0}
            data-test="bulk-tag-save"
          >
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
