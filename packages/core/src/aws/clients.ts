import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { S3Client } from "@aws-sdk/client-s3";
import { SQSClient } from "@aws-sdk/client-sqs";
import type { AwsConfig } from "../config.ts";

export interface AwsClients {
  dynamo: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  s3: S3Client;
  sqs: SQSClient;
}

export function createAwsClients(cfg: AwsConfig): AwsClients {
  const local = cfg.endpoints;
  if (local && !cfg.credentials)
    throw new Error("The local stand-ins need the credentials they were started with.");
  // In the cloud the SDK finds the function's role credentials itself.
  const common = { region: cfg.region, ...(local ? { credentials: cfg.credentials } : {}) };
  const dynamo = new DynamoDBClient({ ...common, endpoint: local?.dynamodb, maxAttempts: 3 });
  const doc = DynamoDBDocumentClient.from(dynamo, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
  const s3 = new S3Client({
    ...common,
    endpoint: local?.s3,
    forcePathStyle: Boolean(local),
    // Without these, stream uploads to s3rver are stored with chunk framing (STACK.md).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const sqs = new SQSClient({ ...common, endpoint: local?.sqs });
  return { dynamo, doc, s3, sqs };
}
