import { Group, Loader, Switch, Text, Tooltip } from "@mantine/core";
import type { RecipientType, ReportRow, ReportState } from "@strata/contracts";
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleDashed,
  IconClockPause,
  IconMail,
  IconBrandSlack,
  IconWebhook,
  IconX,
} from "@tabler/icons-react";
import { useState } from "react";
import { setReportActive } from "../../components/reports";
import { errorMessage } from "../../lib/api-error";
import { formatDateTime, t } from "../../lib/i18n";
import { toast } from "../../lib/toast";

const STATE_ICONS: Record<ReportState, { icon: React.ReactNode; color: string }> = {
  Success: { icon: <IconCheck size={18} />, color: "teal" },
  Error: { icon: <IconX size={18} />, color: "red" },
  Working: { icon: <Loader size={14} />, color: "blue" },
  "Not triggered": { icon: <IconCircleDashed size={18} />, color: "gray" },
  "On Grace": { icon: <IconClockPause size={18} />, color: "yellow" },
};

/** The state of a run as an icon with its name (and when) in a tooltip. */
export function StateIcon({ state, at }: { state: ReportState; at?: string | null }) {
  const shown = STATE_ICONS[state] ?? { icon: <IconAlertTriangle size={18} />, color: "gray" };
  const label = at ? t("%s at %s", t(state), formatDateTime(at)) : t(state);
  return (
    <Tooltip label={label} withArrow>
      <Text
        component="span"
        c={shown.color}
        aria-label={t(state)}
        data-test="report-state"
        data-state={state}
        style={{ display: "inline-flex" }}
      >
        {shown.icon}
      </Text>
    </Tooltip>
  );
}

const METHOD_ICONS: Record<RecipientType, React.ReactNode> = {
  Email: <IconMail size={16} />,
  Webhook: <IconWebhook size={16} />,
  Slack: <IconBrandSlack size={16} />,
  SlackV2: <IconBrandSlack size={16} />,
};

/** Each recipient type of a row, as an icon with its name. */
export function NotificationMethods({ row }: { row: ReportRow }) {
  const types = [...new Set(row.recipients.map((r) => r.type))];
  return (
    <Group gap={6} wrap="nowrap" data-test="report-notification-methods">
      {types.map((type) => (
        <Tooltip key={type} label={t(type)} withArrow>
          <span aria-label={t(type)} style={{ display: "inline-flex" }}>
            {METHOD_ICONS[type]}
          </span>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The Active column: pauses or resumes the schedule at once. */
export function ActiveToggle({ row, canWrite }: { row: ReportRow; canWrite: boolean }) {
  const [busy, setBusy] = useState(false);
  const toggle = async (active: boolean) => {
    setBusy(true);
    try {
      await setReportActive(row.id, active);
    } catch (err) {
      toast.danger(t("Could not change %s: %s", row.name, errorMessage(err)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={row.active}
      disabled={!canWrite || busy}
      aria-label={t("Active")}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      data-test="report-active-toggle"
    />
  );
}
