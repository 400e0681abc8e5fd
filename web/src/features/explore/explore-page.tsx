import { Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { t } from "../../lib/i18n";

/** `/explore/?datasource_id=…&datasource_type=table` or `?slice_id=…`: the chart builder lands here later. */
export default function ExplorePage() {
  const [params] = useSearchParams();
  const sliceId = params.get("slice_id");
  const datasource = params.get("datasource_id");
  return (
    <>
      <Title order={2}>{t("Explore")}</Title>
      {(sliceId || datasource) && (
        <Text c="dimmed" size="sm">
          {sliceId ? t("Chart %s", sliceId) : t("Dataset %s", datasource)}
        </Text>
      )}
    </>
  );
}
