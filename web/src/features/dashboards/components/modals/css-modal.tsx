import { Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { isApiError } from "../../../../lib/api-error";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { useCssTemplates } from "../../api/css-templates";
import { saveDashboard } from "../../api/save-dashboard";
import { useDashboard } from "../../state/dashboard-context";

/**
 * Edit CSS: the dashboard's own CSS, optionally started from a CSS template. In edit mode the
 * change joins the unsaved edits (saved with the dashboard); outside it, it is saved at once.
 */
export default function CssModal({ onClose }: { onClose: () => void }) {
  const { state, dispatch } = useDashboard();
  const { info, editMode } = state;
  const [css, setCss] = useState(info.css ?? "");
  const { busy: saving, save } = useFormSave({
    fieldMessages: false,
    onFailure: (err) =>
      toast.danger(
        isApiError(err) && err.status === 403
          ? t("You do not have permission to edit this %s", t("dashboard"))
          : t("Sorry, there was an error saving this %s: %s", t("dashboard"), (err as Error).message),
      ),
  });
  const templates = useCssTemplates(true);
  const options = (templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.template_name }));

  const apply = async () => {
    if (editMode) {
      dispatch({ type: "SET_PROPERTIES", info: { css }, fromEditMode: true });
      onClose();
      return;
    }
    await save({}, async () => {
      const res = await saveDashboard(info.id, { css, last_modified_time: info.lastModifiedTime });
      dispatch({
        type: "SET_PROPERTIES",
        info: { css, lastModifiedTime: res.last_modified_time },
        fromEditMode: false,
      });
      onClose();
    });
  };

  return (
    <Modal opened onClose={onClose} title={t("Edit CSS")} size="lg" data-test="css-modal">
      <Stack>
        <Select
          label={t("Load a CSS template")}
          placeholder={templates.error ? t("CSS templates could not be loaded") : t("Select a template")}
          data={options}
          value={null}
          disabled={!options.length}
          onChange={(id) => {
            const tpl = templates.data?.find((x) => String(x.id) === id);
            if (tpl) setCss(tpl.css);
          }}
          data-test="css-template-select"
        />
        <Text size="xs" c="dimmed">
          {t("Live CSS editor")}
        </Text>
        <Textarea
          value={css}
          onChange={(e) => setCss(e.currentTarget.value)}
          autosize
          minRows={10}
          maxRows={24}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          aria-label={t("CSS")}
          data-test="css-editor"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button onClick={() => void apply()} loading={saving} data-test="css-apply">
            {editMode ? t("Apply") : t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
