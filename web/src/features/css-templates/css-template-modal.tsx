import { Button, Group, Input, Loader, Modal, Stack, TextInput } from "@mantine/core";
import { CssTemplatePostSchema, type CssTemplateRow } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { useLastValue } from "../../lib/use-last-value";
import { CSS_TEMPLATES, createCssTemplate, updateCssTemplate } from "./api/css-templates";
import { lazyComponent } from "../../lib/lazy-part";

const CssEditor = lazyComponent(() => import("./css-editor"), <Loader size="sm" />);

interface Props {
  /** The template to edit, "new" to create one, null when closed. */
  template: CssTemplateRow | "new" | null;
  onClose: () => void;
}

/** Superset's CSS template modal: a name and the CSS. */
export function CssTemplateModal({ template: current, onClose }: Props) {
  const { value: template, opening } = useLastValue(current);
  const isNew = template === "new";
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={isNew ? t("Add CSS template") : t("Edit CSS template")}
      size="lg"
      data-test="css-template-modal"
    >
      {template !== null && (
        <TemplateForm key={opening} template={isNew ? null : template} onClose={onClose} />
      )}
    </Modal>
  );
}

function TemplateForm({ template, onClose }: { template: CssTemplateRow | null; onClose: () => void }) {
  const [name, setName] = useState(template?.template_name ?? "");
  const [css, setCss] = useState(template?.css ?? "");
  const { busy, errors, failure, save } = useFormSave();

  const submit = async () => {
    const body = { template_name: name, css };
    const ok = await save(schemaErrors(CssTemplatePostSchema, body), () =>
      template ? updateCssTemplate(template.id, body) : createCssTemplate(body),
    );
    if (!ok) return;
    toast.success(
      template ? t("CSS template %s updated", name.trim()) : t("CSS template %s created", name.trim()),
    );
    await revalidateResource(CSS_TEMPLATES);
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Name")}
        required
        data-autofocus
        value={name}
        error={errors.template_name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-test="css-template-name"
      />
      <Input.Wrapper label={t("CSS")} error={errors.css}>
        <CssEditor value={css} onChange={setCss} aria-label={t("CSS")} />
      </Input.Wrapper>
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="modal-save-button">
          {template ? t("Save") : t("Add")}
        </Button>
      </Group>
    </Stack>
  );
}
