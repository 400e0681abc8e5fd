import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import dynalite from "dynalite";
import S3rver from "s3rver";
import { createSqsServer } from "local-aws-sqs";

export interface StandIns {
  endpoints: { dynamodb: string; s3: string; sqs: string };
  close(): Promise<void>;
}

const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/**
 * In-process stand-ins for DynamoDB, S3 and SQS on loopback ports, reached through the real
 * AWS SDK. With `dataDir`, DynamoDB and S3 keep their state on disk across restarts; without it,
 * everything is in memory (tests). SQS is always in memory: jobs are transient.
 */
export async function startStandIns(dataDir?: string): Promise<StandIns> {
  let dynamoPath: string | undefined;
  let s3Dir: string | undefined;
  if (dataDir) {
    dynamoPath = join(dataDir, "dynamodb");
    s3Dir = join(dataDir, "s3");
    mkdirSync(dynamoPath, { recursive: true });
    mkdirSync(s3Dir, { recursive: true });
  } else {
    s3Dir = join(
      (await import("node:os")).tmpdir(),
      `strata-s3-${process.pid}-${Date.now()}-${Math.random()}`,
    );
  }
  const dynamo = await listen(
    dynalite({ path: dynamoPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }),
  );
  const s3 = new S3rver({ port: 0, address: "127.0.0.1", directory: s3Dir, silent: true });
  const s3Address = (await s3.run()) as AddressInfo | [string, number];
  const s3Port = Array.isArray(s3Address) ? s3Address[1] : s3Address.port;
  const sqs = await createSqsServer({ port: 0, hostname: "127.0.0.1", emulateQueueCreationLifecycle: false });
  return {
    endpoints: { dynamodb: url(dynamo), s3: `http://127.0.0.1:${s3Port}`, sqs: url(sqs) },
    async close() {
      await Promise.all([
        new Promise<void>((r) => dynamo.close(() => r())),
        s3.close().catch(() => undefined),
        new Promise<void>((r) => sqs.close(() => r())),
      ]);
    },
  };
}
