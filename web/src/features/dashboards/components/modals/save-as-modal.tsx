import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../../config/paths";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { copyDashboard } from "../../api/copy-dashboard";
import { saveDashboard } from "../../api/save-dashboard";
import { withComputedScopes } from "../../model/filter-scope";
import { nativeFiltersOf } from "../../model/hydrate";
import { HEADER_ID } from "../../model/layout-types";
import { buildSavePayload, metadataToSave, normaliseProperties } from "../../model/save-rules";
import { useDashboard } from "../../state/dashboard-context";

/** Save as: POST …/copy/ with the current title, CSS and metadata; the layout as edited. */
export function SaveAsModal({ onClose }: { onClose: () => void }) {
  const { state } = useDashboard();
  const navigate = useNavigate();
  const layout = state.layout.present;
  const current = (layout[HEADER_ID]?.meta.text as string | undefined) ?? state.info.title;
  const [title, setTitle] = useState(`${current} [copy]`);
  const [duplicate, setDuplicate] = useState(false);
  const { busy, failure, save } = useFormSave({ fieldMessages: false });
  const submit = () =>
    save({}, async () => {
      const metadata = metadataToSave(
        state.metadata,
        withComputedScopes(nativeFiltersOf(state.metadata), layout),
      );
      const { dashboard_title } = normaliseProperties({ title });
      const copy = await copyDashboard(state.info.id, {
        dashboard_title,
        css: state.info.css,
        duplicate_slices: duplicate,
        json_metadata: JSON.stringify(metadata),
      });
      if (!duplicate) {
        // The copy starts from the stored layout: give it the one being edited.
        const payload = buildSavePayload(
          { ...state.info, lastModifiedTime: copy.last_modified_time },
          layout,
          metadata,
        );
        await saveDashboard(copy.id, {
          position_json: payload.position_json,
          last_modified_time: copy.last_modified_time,
        });
      }
      toast.success(t("Dashboard [%s] has been saved", dashboard_title));
      onClose();
      navigate(paths.dashboard(copy.id));
    });
  const error = failure == null ? null : (failure as Error).message;
  return (
    <Modal opened onClose={onClose} title={t("Save dashboard")} data-test="save-as-modal">
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <TextInput
          label={t("New dashboard name")}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-test="save-as-title"
        />
        <Checkbox
          label={t("also copy (duplicate) charts")}
          checked={duplicate}
          onChange={(e) => setDuplicate(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button onClick={submit} loading={busy} data-test="save-as-submit">
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
