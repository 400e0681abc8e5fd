import type { SlackChannel, SlackChannelsQuery } from "@strata/contracts";
import { AppError } from "../errors.ts";
import { listSlackChannels, type SlackSettings } from "./slack.ts";

/** Slack limits how often a workspace's channels are listed: the list is kept this long. */
const KEEP_MS = 24 * 3600_000;
/** A forced refresh sooner than this after the last one reuses it (a button pressed twice). */
const FORCE_AFTER_MS = 10_000;

/**
 * The Slack channels a report can be sent to, for the report form's channel picker: listed from
 * Slack with the bot token, kept for a day in this process (one listing at a time, however many
 * ask), and searched here, since Slack's listing has no search.
 */
export class SlackChannelDirectory {
  private kept: { at: number; channels: SlackChannel[] } | null = null;
  private loading: Promise<SlackChannel[]> | null = null;

  constructor(
    private readonly settings: SlackSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async search(query: SlackChannelsQuery): Promise<SlackChannel[]> {
    if (!this.settings.token)
      throw new AppError(422, {
        message:
          "Slack channels can be listed only with a Slack bot token: set SLACK_API_TOKEN on the server " +
          "(an incoming-webhook URL needs no channel).",
      });
    let channels = await this.channels(query.force === true);
    const types = query.types ?? [];
    if (types.length === 1)
      channels = channels.filter((c) => c.is_private === (types[0] === "private_channel"));
    const wanted = (query.search_string ?? "")
      .split(/[,;]/)
      .map((w) => w.trim().replace(/^#/, "").toLowerCase())
      .filter(Boolean);
    if (wanted.length === 0) return channels;
    const matches = (text: string, w: string) =>
      query.exact_match ? text.toLowerCase() === w : text.toLowerCase().includes(w);
    return channels.filter((c) => wanted.some((w) => matches(c.name, w) || matches(c.id, w)));
  }

  private async channels(force: boolean): Promise<SlackChannel[]> {
    const age = this.kept ? this.now() - this.kept.at : Number.POSITIVE_INFINITY;
    if (this.kept && age < (force ? FORCE_AFTER_MS : KEEP_MS)) return this.kept.channels;
    this.loading ??= listSlackChannels(this.settings)
      .then((channels) => {
        this.kept = { at: this.now(), channels };
        return channels;
      })
      .catch((e: Error) => {
        throw new AppError(422, { message: `The Slack channels could not be listed: ${e.message}` });
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
