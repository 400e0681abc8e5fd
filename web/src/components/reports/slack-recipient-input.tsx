import { TagsInput, TextInput } from "@mantine/core";
import { t } from "../../lib/i18n";
import { slackProblem } from "./recipients";
import { useNotificationMethods } from "./use-notification-methods";
import { useSlackChannels } from "./use-slack-channels";

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  "data-test": string;
}

/** Channels shown as suggestions at once: a workspace may have thousands. */
const SHOWN_CHANNELS = 50;

/**
 * The Slack recipient field, shown only when the server says it delivers to Slack. With a bot
 * token it takes channels, picked from the workspace's or typed (or an incoming-webhook URL);
 * without one, a webhook URL only. Either way the value stays the comma-separated text the
 * report's recipients are made from.
 */
export function SlackRecipientInput({ value, onChange, error, ...rest }: Props) {
  const methods = useNotificationMethods();
  const slack = !!methods?.methods.includes("Slack");
  const bot = slack && !!methods?.slack.bot_token;
  const channels = useSlackChannels(bot);
  if (!slack) return null;
  if (bot)
    return (
      <TagsInput
        label={t("Slack recipients")}
        description={t("Channels to post to (pick or type #name), or a Slack incoming-webhook URL")}
        placeholder={value ? undefined : "#general"}
        data={channels}
        limit={SHOWN_CHANNELS}
        value={value
          .split(/[,;]/)
          .map((c) => c.trim())
          .filter(Boolean)}
        onChange={(tags) => onChange(tags.join(", "))}
        error={error ?? slackProblem(value, bot)}
        clearable
        data-test={rest["data-test"]}
      />
    );
  return (
    <TextInput
      label={t("Slack recipients")}
      description={t("A Slack incoming-webhook URL (https://hooks.slack.com/services/…)")}
      placeholder="https://hooks.slack.com/services/"
      value={value}
      error={error ?? slackProblem(value, bot)}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-test={rest["data-test"]}
    />
  );
}
