import { TextInput } from "@mantine/core";
import { t } from "../../lib/i18n";
import { slackProblem } from "./recipients";
import { useNotificationMethods } from "./use-notification-methods";

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  "data-test": string;
}

/**
 * The Slack recipient field, shown only when the server says it delivers to Slack. With a bot
 * token it takes channel names (or an incoming-webhook URL); without one, a webhook URL only.
 */
export function SlackRecipientInput({ value, onChange, error, ...rest }: Props) {
  const methods = useNotificationMethods();
  if (!methods?.methods.includes("Slack")) return null;
  const bot = methods.slack.bot_token;
  return (
    <TextInput
      label={t("Slack recipients")}
      description={
        bot
          ? t("Comma-separated channels (#general, #data) or a Slack incoming-webhook URL")
          : t("A Slack incoming-webhook URL (https://hooks.slack.com/services/…)")
      }
      placeholder={bot ? "#general" : "https://hooks.slack.com/services/"}
      value={value}
      error={error ?? slackProblem(value, bot)}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-test={rest["data-test"]}
    />
  );
}
