import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import type { IncomingMessage, RequestListener, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import dynalite from "dynalite";
import { createSqsServer } from "local-aws-sqs";
import S3rver from "s3rver";
import AwsAccount from "s3rver/lib/models/account.js";
import S3Object from "s3rver/lib/models/object.js";
import { writeItemsInOneBatch } from "./item-writes-in-one-batch.ts";
import { levelCallsPerTurn } from "./level-calls-per-turn.ts";
import { closeStandInIteratorsOnReturn } from "./level-iterators.ts";
import { computeCrc32Natively } from "./native-crc32.ts";
import { cacheTableDefinitions } from "./table-definitions.ts";
import { makeObjectsWhole } from "./whole-s3-objects.ts";

export interface StandInCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StandIns {
  endpoints: { dynamodb: string; s3: string; sqs: string };
  /** Generated for this start only; never printed. The AWS clients sign with them. */
  credentials: StandInCredentials;
  close(): Promise<void>;
}

const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/** The access key id a request was signed with (SigV4 header, SigV2 header or presigned query). */
function accessKeyOf(req: IncomingMessage): string | undefined {
  const auth = req.headers.authorization ?? "";
  const v4 = /Credential=([^/,\s]+)\//.exec(auth);
  if (v4) return v4[1];
  const v2 = /^AWS ([^:\s]+):/.exec(auth);
  if (v2) return v2[1];
  const query = new URL(req.url ?? "/", "http://local").searchParams;
  return query.get("X-Amz-Credential")?.split("/")[0] ?? query.get("AWSAccessKeyId") ?? undefined;
}

/**
 * Puts a check in front of a stand-in: a request must be signed with this start's access key id,
 * else 403 before the stand-in sees it. None of the stand-ins verifies SigV4 signatures itself
 * (dynalite and the SQS stand-in accept anything, s3rver only looks the key id up and lets unsigned
 * requests through), so this is the check they lack: another local process or a web page aiming
 * at these loopback ports doesn't know the key. It is a key check, not a signature check.
 */
function admitOnly(server: Server, accessKeyId: string): void {
  const expected = Buffer.from(accessKeyId);
  const handlers = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req, res) => {
    const given = Buffer.from(accessKeyOf(req) ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(403, { "content-type": "text/plain" });
      res.end("Forbidden: this local service answers only the Strata server that started it.");
      return;
    }
    for (const handler of handlers) handler.call(server, req, res);
  });
}

/**
 * In-process stand-ins for DynamoDB, S3 and SQS on loopback ports, reached through the real
 * AWS SDK with credentials generated for this start. With `dataDir`, DynamoDB and S3 keep their
 * state on disk across restarts; without it, everything is in memory (tests). SQS is always in
 * memory: jobs are transient.
 */
export async function startStandIns(dataDir?: string): Promise<StandIns> {
  const credentials: StandInCredentials = {
    accessKeyId: `STRATA${randomBytes(10).toString("hex").toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString("base64url"),
  };
  let dynamoPath: string | undefined;
  let s3Dir: string | undefined;
  if (dataDir) {
    dynamoPath = join(dataDir, "dynamodb");
    s3Dir = join(dataDir, "s3");
    mkdirSync(dynamoPath, { recursive: true, mode: 0o700 });
    mkdirSync(s3Dir, { recursive: true, mode: 0o700 });
  } else {
    s3Dir = join(
      (await import("node:os")).tmpdir(),
      `strata-s3-${process.pid}-${Date.now()}-${Math.random()}`,
    );
  }
  closeStandInIteratorsOnReturn();
  writeItemsInOneBatch();
  cacheTableDefinitions();
  levelCallsPerTurn();
  computeCrc32Natively();
  const dynamoServer = dynalite({ path: dynamoPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  admitOnly(dynamoServer, credentials.accessKeyId);
  const dynamo = await listen(dynamoServer);

  // s3rver knows one hard-coded key pair ("S3RVER"); it is replaced by this start's.
  AwsAccount.DUMMY_ACCOUNT.revokeAccessKey("S3RVER");
  AwsAccount.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const s3 = new S3rver({ port: 0, address: "127.0.0.1", directory: s3Dir, silent: true });
  makeObjectsWhole((s3 as unknown as { store: Parameters<typeof makeObjectsWhole>[0] }).store, S3Object);
  const s3Address = (await s3.run()) as AddressInfo | [string, number];
  // Guarded in the same tick the server started listening in: no request has been read yet.
  admitOnly((s3 as unknown as { httpServer: Server }).httpServer, credentials.accessKeyId);
  const s3Port = Array.isArray(s3Address) ? s3Address[1] : s3Address.port;

  const sqs = await createSqsServer({ port: 0, hostname: "127.0.0.1", emulateQueueCreationLifecycle: false });
  admitOnly(sqs, credentials.accessKeyId);
  return {
    endpoints: { dynamodb: url(dynamo), s3: `http://127.0.0.1:${s3Port}`, sqs: url(sqs) },
    credentials,
    async close() {
      await Promise.all([
        new Promise<void>((r) => dynamo.close(() => r())),
        s3.close().catch(() => undefined),
        new Promise<void>((r) => sqs.close(() => r())),
      ]);
      AwsAccount.DUMMY_ACCOUNT.revokeAccessKey(credentials.accessKeyId);
      // Without a data directory the objects lived in a temporary folder of this start only.
      if (!dataDir && s3Dir) rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
