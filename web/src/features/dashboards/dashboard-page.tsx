import { Title } from "@mantine/core";
import { useParams } from "react-router";
import { t } from "../../lib/i18n";

/** `/superset/dashboard/{id_or_slug}/`: the dashboard view lands here later. */
export default function DashboardPage() {
  const { idOrSlug } = useParams();
  return <Title order={2}>{t("Dashboard %s", idOrSlug ?? "")}</Title>;
}
