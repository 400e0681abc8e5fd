import { Alert, Button, Center, Group, Loader, Modal, Stack } from "@mantine/core";
import type { DashboardDetail } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { ownerName } from "../../../../components/owner-avatars";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { useLastValue } from "../../../../lib/use-last-value";
import { useLoadOnce } from "../../../../lib/use-load-once";
import { fetchDashboard } from "../../api/dashboard";
import { saveDashboard } from "../../api/save-dashboard";
import { DashboardBasicFields, type DashboardBasics } from "../modals/dashboard-basic-fields";

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
  const [basics, setBasics] = useState<DashboardBasics>({
    title: dashboard.dashboard_title,
    slug: dashboard.slug ?? "",
    owners: dashboard.owners.map((o) => ({ value: o.id, label: ownerName(o) })),
    certifiedBy: dashboard.certified_by ?? "",
    details: dashboard.certification_details ?? "",
  });
  const { title, slug, owners, certifiedBy, details } = basics;
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
      <DashboardBasicFields value={basics} onChange={(patch) => setBasics((b) => ({ ...b, ...patch }))} />
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
