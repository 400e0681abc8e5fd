import { CfnWorkGroup } from "aws-cdk-lib/aws-athena";
import { type StackContext, use } from "sst/constructs";
import { Storage } from "./storage.ts";

/** Per-query scan limit: a runaway query costs at most ~$0.05 at $5/TB. */
export const BYTES_SCANNED_CUTOFF = 10 * 1024 ** 3;

/** Athena workgroup the cloud engine runs in; its settings override the client's. */
export function Athena({ stack, app }: StackContext) {
  const { bucket } = use(Storage);
  const workgroup = new CfnWorkGroup(stack, "Workgroup", {
    name: app.logicalPrefixedName("queries"),
    description: "Strata chart and SQL Lab queries",
    // Lets the stack be removed even when the workgroup still has query history.
    recursiveDeleteOption: true,
    workGroupConfiguration: {
      enforceWorkGroupConfiguration: true,
      bytesScannedCutoffPerQuery: BYTES_SCANNED_CUTOFF,
      publishCloudWatchMetricsEnabled: true,
      engineVersion: { selectedEngineVersion: "AUTO" },
      resultConfiguration: {
        outputLocation: bucket.s3UrlForObject("athena/"),
        encryptionConfiguration: { encryptionOption: "SSE_S3" },
      },
    },
  });
  stack.addOutputs({ AthenaWorkgroup: workgroup.ref });
  return { workgroup };
}
