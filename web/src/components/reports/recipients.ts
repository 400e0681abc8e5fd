import { emailList, isEmailAddress, type ReportDetail, type ReportPost } from "@strata/contracts";
import { t } from "../../lib/i18n";

/** The message for a comma-separated address field, or undefined when every address is well formed. */
export function emailsProblem(text: string, required: boolean): string | undefined {
  const list = emailList(text);
  if (required && list.length === 0) return t("At least one email address is required.");
  const bad = list.find((a) => !isEmailAddress(a));
  return bad ? t('"%s" is not an email address.', bad) : undefined;
}

type Recipients = NonNullable<ReportPost["recipients"]>;

/** The email recipient of the report modals ("a@x.org, b@y.org"). */
export function emailRecipients(text: string): Recipients {
  const list = emailList(text);
  return list.length ? [{ type: "Email", recipient_config_json: { target: list.join(", ") } }] : [];
}

type Recipient = Recipients[number];

/** A stored recipient's config (it comes back as JSON text), or undefined when it has no target. */
function storedConfig(json: string): Recipient["recipient_config_json"] | undefined {
  try {
    const cfg = JSON.parse(json) as Record<string, unknown> | null;
    return cfg && typeof cfg.target === "string" ? { ...cfg, target: cfg.target } : undefined;
  } catch {
    return undefined;
  }
}

/** The target of the first recipient of a type, as stored. */
export function recipientTarget(detail: Pick<ReportDetail, "recipients"> | null, type: string): string {
  const r = detail?.recipients.find((x) => x.type === type);
  return (r && storedConfig(r.recipient_config_json)?.target) || "";
}

/**
 * A stored report's recipients of the types a modal has no field for (a Webhook set on the alerts
 * and reports page, Slack where the server offers none), as a save sends them. A save replaces
 * the whole list, so a modal that sent only its own fields would silently drop these.
 */
export function otherRecipients(
  detail: Pick<ReportDetail, "recipients"> | null,
  shownTypes: readonly string[],
): Recipients {
  return (detail?.recipients ?? []).flatMap((r) => {
    const cfg = shownTypes.includes(r.type) ? undefined : storedConfig(r.recipient_config_json);
    return cfg ? [{ type: r.type, recipient_config_json: cfg }] : [];
  });
}

/** Whether a Slack field holds an incoming-webhook URL rather than channel names. */
export const isSlackHookUrl = (text: string) => /^https?:\/\//i.test(text.trim());

/**
 * The message for the Slack field, or undefined when the server can take it: channel names need
 * the server's bot token; without one, only an incoming-webhook URL works.
 */
export function slackProblem(text: string, botToken: boolean): string | undefined {
  const value = text.trim();
  if (!value) return undefined;
  if (isSlackHookUrl(value)) {
    try {
      new URL(value);
      return undefined;
    } catch {
      return t('"%s" is not a URL.', value);
    }
  }
  if (!botToken)
    return t(
      "This server has no Slack bot token: paste a Slack incoming-webhook URL (https://hooks.slack.com/…).",
    );
  return undefined;
}

/** The Slack recipient of the report modals: channels ("#general, #data") or one incoming-webhook URL. */
export function slackRecipients(text: string): Recipients {
  const value = text.trim();
  if (!value) return [];
  const target = isSlackHookUrl(value)
    ? value
    : value
        .split(/[,;]/)
        .map((c) => c.trim())
        .filter(Boolean)
        .join(", ");
  return target ? [{ type: "Slack", recipient_config_json: { target } }] : [];
}

/** The stored Slack target (a Slack or SlackV2 recipient: both deliver the same way here). */
export const slackTarget = (detail: Pick<ReportDetail, "recipients"> | null) =>
  recipientTarget(detail, "Slack") || recipientTarget(detail, "SlackV2");
