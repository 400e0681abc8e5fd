import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { AnnotationLayerPostSchema, type AnnotationLayerRow } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { createLayer, LAYERS, updateLayer } from "./api/layers";
import { useLastValue } from "../../lib/use-last-value";

interface Props {
  /** The layer to edit, "new" to create one, null when closed. */
  layer: AnnotationLayerRow | "new" | null;
  onClose: () => void;
}

/** Add or edit an annotation layer: a name and a description. */
export function LayerModal({ layer: current, onClose }: Props) {
  const { value: layer, opening } = useLastValue(current);
  const isNew = layer === "new";
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={isNew ? t("Add annotation layer") : t("Edit annotation layer")}
      data-test="annotation-layer-admin-modal"
    >
      {layer !== null && <LayerForm key={opening} layer={isNew ? null : layer} onClose={onClose} />}
    </Modal>
  );
}

function LayerForm({ layer, onClose }: { layer: AnnotationLayerRow | null; onClose: () => void }) {
  const [name, setName] = useState(layer?.name ?? "");
  const [descr, setDescr] = useState(layer?.descr ?? "");
  const { busy, errors, failure, save } = useFormSave();

  const submit = async () => {
    const body = { name, descr: descr.trim() ? descr : null };
    const ok = await save(schemaErrors(AnnotationLayerPostSchema, body), () =>
      layer ? updateLayer(layer.id, body) : createLayer(body),
    );
    if (!ok) return;
    toast.success(
      layer ? t("Annotation layer %s updated", name.trim()) : t("Annotation layer %s created", name.trim()),
    );
    await revalidateResource(LAYERS);
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Annotation layer name")}
        required
        data-autofocus
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-test="layer-name"
      />
      <Textarea
        label={t("Description")}
        autosize
        minRows={3}
        value={descr}
        error={errors.descr}
        onChange={(e) => setDescr(e.currentTarget.value)}
        data-test="layer-descr"
      />
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="modal-save-button">
          {layer ? t("Save") : t("Add")}
        </Button>
      </Group>
    </Stack>
  );
}
