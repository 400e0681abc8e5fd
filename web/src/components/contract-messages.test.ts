import {
  RECIPIENT_TYPES,
  REPORT_STATES,
  RLS_FILTER_TYPES,
  TIME_GRAIN_NAMES,
  VALIDATOR_TYPES,
} from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { CONTRACT_MESSAGES } from "./contract-messages";

describe("contract messages", () => {
  it("mark every display word of contracts that screens translate", () => {
    const shown = [
      ...REPORT_STATES,
      ...RECIPIENT_TYPES,
      ...VALIDATOR_TYPES,
      ...RLS_FILTER_TYPES,
      ...Object.values(TIME_GRAIN_NAMES),
    ];
    expect(shown.filter((word) => !CONTRACT_MESSAGES.includes(word))).toEqual([]);
  });
});
