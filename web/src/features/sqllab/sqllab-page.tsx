import { Title } from "@mantine/core";
import { t } from "../../lib/i18n";

/** SQL Lab (`/sqllab/`, `/sqllab/history/`): the editor lands here later. */
export default function SqlLabPage({ history = false }: { history?: boolean }) {
  return <Title order={2}>{history ? t("Query history") : t("SQL Lab")}</Title>;
}
