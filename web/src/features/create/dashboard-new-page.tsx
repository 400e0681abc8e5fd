import { Center, Loader, Stack } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiErrorDisplay } from "../../components/error-display";
import { paths } from "../../config/paths";
import { t } from "../../lib/i18n";
import { createResource, revalidateResource } from "../../lib/resource/resource-write";

/** Superset's title for a dashboard nobody has named yet. */
export const UNTITLED_DASHBOARD = "[ untitled dashboard ]";

/**
 * `/dashboard/new/`, as in Superset: creates an empty dashboard owned by the caller and opens it in
 * edit mode. The page replaces itself in history, so Back does not create another one.
 */
export default function DashboardNewPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    // One create per visit, even when effects run twice (React's development checks).
    if (started.current) return;
    started.current = true;
    createResource<{ id: number }>("dashboard", { dashboard_title: UNTITLED_DASHBOARD }).then((created) => {
      void revalidateResource("dashboard");
      navigate(`${paths.dashboard(created.id)}?edit=true`, { replace: true });
    }, setError);
  }, [navigate]);
  return (
    <Center p="xl" data-test="dashboard-new">
      {error ? (
        <Stack>
          <ApiErrorDisplay error={error} />
        </Stack>
      ) : (
        <Loader aria-label={t("Creating a dashboard")} />
      )}
    </Center>
  );
}
