import { Alert, Badge, Button, Group, List, ScrollArea, Stack, Tabs, Tooltip } from "@mantine/core";
import type { DatasetDetail } from "@strata/contracts";
import { useState } from "react";
import { errorMessage } from "../../../../lib/api-error";
import { t } from "../../../../lib/i18n";
import { revalidateResource } from "../../../../lib/resource/resource-write";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { fetchDataset, refreshDataset, reloadDataset, updateDataset } from "../../api/dataset-item";
import { ColumnsTab } from "./columns-tab";
import {
  type DatasetDraft,
  draftFromDetail,
  mergeSyncedColumns,
  sqlChanged,
  toPutBody,
  validateDraft,
} from "./dataset-draft";
import { MetricsTab } from "./metrics-tab";
import { ConfirmSaveDialog, SaveErrorDialog } from "./save-dialogs";
import { SettingsTab } from "./settings-tab";

/** Edit modal content height (001 §9). */
const CONTENT_HEIGHT = 500;

interface Props {
  dataset: DatasetDetail;
  onClose: () => void;
  onSaved?: (dataset: DatasetDetail) => void;
}

/** The dataset editor: Settings, Metrics, Columns; Save → confirm → PUT → GET → toast → close. */
export function EditDatasetForm({ dataset, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<DatasetDraft>(() => draftFromDetail(dataset));
  const [tab, setTab] = useState<string | null>("settings");
  const [confirming, setConfirming] = useState(false);
  // A failed save shows in its own dialog; the user's edits stay in the draft.
  const saving = useFormSave({ fieldMessages: false });
  const syncing = useFormSave({
    fieldMessages: false,
    onFailure: (err) => toast.danger(t("An error has occurred while syncing columns: %s", errorMessage(err))),
  });

  const update = (patch: Partial<DatasetDraft>) => setDraft((prev) => ({ ...prev, ...patch }));
  // A metric or calculated column just added is blank: it is checked once the focus leaves it or
  // a save is tried, so "Add item" does not open on red "required" messages (Superset's editor
  // checks as the user saves). Its errors never disable Save: pressing Save is how they show.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saveTried, setSaveTried] = useState(false);
  const touch = (key: string) => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
  const isSaved = (item: { id: number | null }) => item.id !== null;
  const checked = (item: { key: string; id: number | null }) =>
    isSaved(item) || saveTried || touched.has(item.key);
  const only = (keep: (item: { key: string; id: number | null }) => boolean) =>
    validateDraft({ ...draft, metrics: draft.metrics.filter(keep), columns: draft.columns.filter(keep) });
  const allErrors = validateDraft(draft);
  const errors = saveTried ? allErrors : only(checked);
  const managedExternally = Boolean(dataset.is_managed_externally);
  const isVirtual = dataset.kind === "virtual" || Boolean(dataset.sql);
  const saveDisabled = saving.busy || only(isSaved).length > 0 || managedExternally;

  const save = async () => {
    setConfirming(false);
    await saving.save({}, async () => {
      await updateDataset(dataset.id, toPutBody(dataset, draft), sqlChanged(dataset, draft));
      const fresh = await reloadDataset(dataset.id);
      await revalidateResource("dataset");
      toast.success(t("The dataset has been saved"));
      onSaved?.(fresh);
      onClose();
    });
  };

  const sync = () =>
    syncing.save({}, async () => {
      await refreshDataset(dataset.id);
      const fresh = await fetchDataset(dataset.id);
      const merged = mergeSyncedColumns(draft.columns, fresh.columns ?? []);
      update({ columns: merged.columns });
      toast.success(t("Metadata has been synced"));
      if (merged.added.length) toast.info(t("Column(s) added: %s", merged.added.join(", ")));
      if (merged.removed.length) toast.info(t("Column(s) removed: %s", merged.removed.join(", ")));
      if (merged.modified.length) toast.info(t("Column type(s) changed: %s", merged.modified.join(", ")));
    });

  const saveButton = (
    <Button
      // The focus stays where it is until the click: leaving a new item's field shows its errors
      // above the buttons, which moved Save from under the pointer before the click landed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (allErrors.length > 0) setSaveTried(true);
        else setConfirming(true);
      }}
      disabled={saveDisabled}
      loading={saving.busy}
      data-test="datasource-modal-save"
    >
      {t("Save")}
    </Button>
  );

  return (
    <Stack gap="sm">
      {managedExternally && (
        <Alert color="yellow">{t("This dataset is managed externally, and can't be edited in Strata")}</Alert>
      )}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="settings" data-test="edit-dataset-tab-settings">
            {t("Settings")}
          </Tabs.Tab>
          <Tabs.Tab
            value="metrics"
            rightSection={
              <Badge size="xs" variant="light">
                {draft.metrics.length}
              </Badge>
            }
            data-test="edit-dataset-tab-metrics"
          >
            {t("Metrics")}
          </Tabs.Tab>
          <Tabs.Tab
            value="columns"
            rightSection={
              <Badge size="xs" variant="light">
                {draft.columns.length}
              </Badge>
            }
            data-test="edit-dataset-tab-columns"
          >
            {t("Columns")}
          </Tabs.Tab>
        </Tabs.List>
        <ScrollArea h={CONTENT_HEIGHT} pt="md" offsetScrollbars>
          <Tabs.Panel value="settings">
            <SettingsTab draft={draft} isVirtual={isVirtual} update={update} />
          </Tabs.Panel>
          <Tabs.Panel value="metrics">
            <MetricsTab
              metrics={draft.metrics}
              onChange={(metrics) => update({ metrics })}
              revealErrors={saveTried}
              onTouch={touch}
            />
          </Tabs.Panel>
          <Tabs.Panel value="columns">
            <ColumnsTab
              columns={draft.columns}
              onChange={(columns) => update({ columns })}
              onSync={sync}
              syncing={syncing.busy}
              revealErrors={saveTried}
              onTouch={touch}
            />
          </Tabs.Panel>
        </ScrollArea>
      </Tabs>
      {errors.length > 0 && (
        <Alert color="red" title={t("Fix these errors to save")} data-test="dataset-validation-errors">
          <List size="sm">
            {errors.map((e) => (
              <List.Item key={e}>{t(e)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-test="datasource-modal-cancel">
          {t("Cancel")}
        </Button>
        {managedExternally ? (
          <Tooltip label={t("This dataset is managed externally, and can't be edited in Strata")}>
            <span>{saveButton}</span>
          </Tooltip>
        ) : (
          saveButton
        )}
      </Group>
      <ConfirmSaveDialog opened={confirming} onCancel={() => setConfirming(false)} onConfirm={save} />
      <SaveErrorDialog error={saving.failure} onClose={saving.dismiss} />
    </Stack>
  );
}
