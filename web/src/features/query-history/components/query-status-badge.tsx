import { Badge } from "@mantine/core";
import { t } from "../../../lib/i18n";
import { statusLook } from "../model/query-status";

/** A run's state as a coloured badge (success, failed, stopped, running…). */
export function QueryStatusBadge({ status }: { status: string }) {
  const look = statusLook(status);
  return (
    <Badge
      color={look.color}
      variant="light"
      style={{ minWidth: "max-content" }}
      data-test="query-status"
      data-status={look.value}
    >
      {t(look.label)}
    </Badge>
  );
}
