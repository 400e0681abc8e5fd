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

/** The target of the first recipient of a type, as stored (configs come back as JSON text). */
export function recipientTarget(detail: Pick<ReportDetail, "recipients"> | null, type: string): string {
  const r = detail?.recipients.find((x) => x.type === type);
  if (!r) return "";
  try {
    const cfg = JSON.parse(r.recipient_config_json) as { target?: unknown };
    return typeof cfg.target === "string" ? cfg.target : "";
  } catch {
    return "";
  }
}
