import { createAwsClients } from "@strata/core";
import type { StandIns } from "../../functions/src/local/stand-ins.ts";

/** The real AWS SDK clients, pointed at running stand-ins (table and bucket names where a test needs them). */
export function standInClients(si: StandIns, names: { metaTable?: string; resultsBucket?: string } = {}) {
  return createAwsClients({
    region: "us-east-1",
    metaTable: names.metaTable ?? "",
    resultsBucket: names.resultsBucket ?? "",
    jobsQueueUrl: "",
    endpoints: si.endpoints,
    credentials: si.credentials,
  });
}
