import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { t } from "../../../lib/i18n";

/** At most this many dashboard links, then '+ N more' (000 §2). */
export const MAX_DASHBOARD_LINKS = 20;

/** The dashboards a chart is on, as links. */
export function OnDashboards({ dashboards }: { dashboards?: { id: number; dashboard_title: string }[] }) {
  const all = dashboards ?? [];
  if (all.length === 0) return null;
  const shown = all.slice(0, MAX_DASHBOARD_LINKS);
  const more = all.length - shown.length;
  return (
    <Group gap={4} wrap="wrap" data-test="on-dashboards">
      {shown.map((d, i) => (
        <Text key={d.id} size="sm" span>
          <Anchor component={Link} to={paths.dashboard(d.id)} size="sm">
            {d.dashboard_title}
          </Anchor>
          {i < shown.length - 1 ? "," : ""}
        </Text>
      ))}
      {more > 0 && (
        <Text size="sm" c="dimmed" span data-test="on-dashboards-more">
          {t("+ %s more", more)}
        </Text>
      )}
    </Group>
  );
}
