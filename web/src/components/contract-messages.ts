import { translatable } from "../lib/i18n";

/**
 * Words that packages/contracts owns and screens show through `t(value)`: report and execution
 * states, recipient kinds, row level security filter types, time grain names. The contracts
 * package cannot import the SPA's translation layer, so their English is marked here, once, for
 * `npm run i18n:extract` to put in the catalogues; a test keeps this list in step with contracts.
 */
export const CONTRACT_MESSAGES: string[] = [
  // REPORT_STATES
  translatable("Working"),
  translatable("Success"),
  translatable("Error"),
  translatable("Not triggered"),
  translatable("On Grace"),
  // RECIPIENT_TYPES (SlackV2 is the Slack app, shown as Slack by the report modal)
  translatable("Email"),
  translatable("Slack"),
  translatable("SlackV2"),
  translatable("Webhook"),
  // VALIDATOR_TYPES
  translatable("not null"),
  translatable("operator"),
  // RLS_FILTER_TYPES
  translatable("Regular"),
  translatable("Base"),
  // TIME_GRAIN_NAMES
  translatable("Second"),
  translatable("5 second"),
  translatable("30 second"),
  translatable("Minute"),
  translatable("5 minute"),
  translatable("10 minute"),
  translatable("15 minute"),
  translatable("30 minute"),
  translatable("Hour"),
  translatable("6 hour"),
  translatable("Day"),
  translatable("Week"),
  translatable("Month"),
  translatable("Quarter"),
  translatable("Year"),
  translatable("Week starting Sunday"),
  translatable("Week starting Monday"),
  translatable("Week ending Saturday"),
  translatable("Week ending Sunday"),
];
