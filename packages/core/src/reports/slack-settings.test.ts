import { describe, expect, it } from "vitest";
import { reportSettingsFromEnv } from "./config.ts";
import { isSlackWebhookUrl, slackChannels } from "./slack.ts";

describe("Slack settings and targets", () => {
  it("reads Superset's SLACK_API_TOKEN and an overridable API base", () => {
    expect(reportSettingsFromEnv({})).toMatchObject({
      slackToken: undefined,
      slackApiUrl: "https://slack.com/api",
    });
    expect(
      reportSettingsFromEnv({ SLACK_API_TOKEN: "xoxb-1", SLACK_API_URL: "http://127.0.0.1:9/api/" }),
    ).toMatchObject({ slackToken: "xoxb-1", slackApiUrl: "http://127.0.0.1:9/api" });
    expect(() => reportSettingsFromEnv({ SLACK_API_URL: "slack.com" })).toThrow(/SLACK_API_URL/);
  });

  it("tells an incoming-webhook URL from a channel list, and splits channels as Superset does", () => {
    expect(isSlackWebhookUrl(" https://hooks.slack.com/services/T/B/x")).toBe(true);
    expect(isSlackWebhookUrl("#general")).toBe(false);
    expect(slackChannels("#general, C0123;  #data ,")).toEqual(["general", "C0123", "data"]);
    expect(slackChannels(" , ;")).toEqual([]);
  });
});
