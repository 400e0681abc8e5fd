import type { SlackChannelsReply } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../lib/api-client";
import type { ApiError } from "../../lib/api-error";

export const SLACK_CHANNELS_KEY = "/api/v1/report/slack_channels/";

/**
 * GET /api/v1/report/slack_channels/: the channels the server's bot token can post to, as the
 * Slack field's suggestions ("#name"). Asked only when `enabled` (the server has a bot token);
 * a failure leaves the field free to type in.
 */
export function useSlackChannels(enabled: boolean): string[] {
  const { data } = useSWR<string[], ApiError>(
    enabled ? SLACK_CHANNELS_KEY : null,
    (key: string) => apiGet<SlackChannelsReply>(key).then((r) => r.result.map((c) => `#${c.name}`)),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return data ?? [];
}
