import { Alert, Button, Center, Group, Loader, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import type { DashboardDetail } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { ownerName } from "../../../../components/owner-avatars";
import { type IdOption, RelatedMultiSelect } from "../../../../components/related-multi-select";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { useLastValue } from "../../../../lib/use-last-value";
import { useLoadOnce } from "../../../../lib/use-load-once";
import { fetchDashboard } from "../../api/dashboard";
import { saveDashboard } from "../../api/save-dashboard";

/**
 * 'Dashboard properties' from a dashboard list row: title, URL slug, owners, certification.
 * The open dashboard's own dialog also edits colours and JSON metadata; from the list those stay.
 */
export function DashboardPropertiesModal({
  dashboardId,
  onClose,
}: {
  dashboardId: number | null;
  onClose: () => void;
}) {
  const { value: shown, opening } = useLastValue(dashboardId);
  const dashboard = useLoadOnce(
    dashboardId !== null ? `dashboard-properties|${dashboardId}|${opening}` : null,
    () => fetchDashboard(dashboardId!),
  );
  return (
    <Modal
      opened={dashboardId !== null}
      onClose={onClose}
      title={t("Dashboard properties")}
      size="lg"
      data-test="dashboard-properties-modal"
    >
      {dashboard.error ? (
        <ApiErrorDisplay error={dashboard.error} />
      ) : !dashboard.data || shown === null ? (
        <Center h={160}>
          <Loader aria-label={t("Loading")} />
        </Center>
      ) : (
        <DashboardForm key={`${shown}|${opening}`} dashboard={dashboard.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function DashboardForm({ dashboard, onClose }: { dashboard: DashboardDetail; onClose: () => void }) {
  const [title, setTitle] = useState(dashboard.dashboard_title);
  const [slug, setSlug] = useState(dashboard.slug ?? "");
  const [certifiedBy, setCertifiedBy] = useState(dashboard.certified_by ?? "");
  const [details, setDetails] = useState(dashboard.certification_details ?? "");
  const [owners, setOwners] = useState<IdOption[]>(
    dashboard.owners.map((o) => ({ value: o.id, label: ownerName(o) })),
  );
  const { busy, message, save } = useFormSave({
    fieldMessages: false,
    forbidden: t("You do not have permission to edit this dashboard"),
  });

  const submit = async () => {
    const ok = await save({}, () =>
      saveDashboard(dashboard.id, {
        dashboard_title: title.trim(),
        // 001 §5: an empty slug is null; details are dropped without a certifier.
        slug: slug.trim() || null,
        certified_by: certifiedBy.trim() || null,
        certification_details: certifiedBy.trim() ? details || null : null,
        owners: owners.map((o) => o.value),
        last_modified_time: dashboard.last_modified_time,
      }),
    );
    if (!ok) return;
    toast.success(t("The dashboard has been saved"));
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Title")}
        required
        data-autofocus
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        data-test="dashboard-title-input"
      />
      <TextInput label={t("URL slug")} value={slug} onChange={(e) => setSlug(e.currentTarget.value)} />
      <RelatedMultiSelect
        resource="dashboard"
        column="owners"
        label={t("Owners")}
        value={owners}
        onChange={setOwners}
      />
      <TextInput
        label={t("Certified by")}
        value={certifiedBy}
        onChange={(e) => setCertifiedBy(e.currentTarget.value)}
      />
      <Textarea
        label={t("Certification details")}
        autosize
        value={details}
        onChange={(e) => setDetails(e.currentTarget.value)}
      />
      {message !== null && (
        <Alert color="red" data-test="properties-modal-error">
          {message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button
          onClick={() => void submit()}
          loading={busy}
          disabled={!title.trim()}
          data-test="properties-modal-save"
        >
          {t("Save")}
        </Button>
      </Group>
    </Stack>
  );
}
