import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { S3Client } from "@aws-sdk/client-s3";
import type { SQSClient, SQSClientConfig } from "@aws-sdk/client-sqs";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { AwsConfig } from "../config.ts";

export interface AwsClients {
  dynamo: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  s3: S3Client;
  /** Made on first call and shared after (see `lazySqs`). */
  sqs: () => Promise<SQSClient>;
}

/**
 * Most API requests never queue a job, so the SQS client (its SDK package included) is loaded
 * when the first job is sent rather than on every cold start, then shared by every caller.
 */
function lazySqs(config: SQSClientConfig): () => Promise<SQSClient> {
  let client: Promise<SQSClient> | undefined;
  return () => {
    client ??= import("@aws-sdk/client-sqs").then(({ SQSClient }) => withoutSdkLog(new SQSClient(config)));
    return client;
  };
}

/**
 * The SDK's log step copies every command's input and output, sensitive fields masked, for a
 * logger to print, and does so even with no logger configured (its default logger takes the copy
 * and drops it). Strata gives the SDK no logger: the copy was pure cost, most of all on a
 * 20-chart BatchGetItem's answer, walked field by field on every dashboard opened.
 */
function withoutSdkLog<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove("loggerMiddleware");
  return client;
}

export function createAwsClients(cfg: AwsConfig): AwsClients {
  const local = cfg.endpoints;
  if (local && !cfg.credentials)
    throw new Error("The local stand-ins need the credentials they were started with.");
  // In the cloud the SDK finds the function's role credentials itself.
  const common = { region: cfg.region, ...(local ? { credentials: cfg.credentials } : {}) };
  const dynamo = withoutSdkLog(new DynamoDBClient({ ...common, endpoint: local?.dynamodb, maxAttempts: 3 }));
  const doc = DynamoDBDocumentClient.from(dynamo, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
  const s3 = withoutSdkLog(
    new S3Client({
      ...common,
      endpoint: local?.s3,
      forcePathStyle: Boolean(local),
      // Without these, stream uploads to s3rver are stored with chunk framing (STACK.md).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    }),
  );
  // Uploads are signed without hashing their bytes first (S3's UNSIGNED-PAYLOAD): the connection
  // (TLS in the cloud, loopback locally) already guards them, and hashing a result chunk of several
  // megabytes holds the event loop for tens of milliseconds per chunk.
  s3.middlewareStack.add(
    (next, context) => (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (request.headers && request.body !== undefined && context.commandName === "PutObjectCommand")
        request.headers["x-amz-content-sha256"] = "UNSIGNED-PAYLOAD";
      return next(args);
    },
    { step: "build", name: "strataUnsignedPayload" },
  );
  const sqs = lazySqs({ ...common, endpoint: local?.sqs });
  return { dynamo, doc, s3, sqs };
}
