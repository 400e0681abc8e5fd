declare module "dynalite" {
  import type { Server } from "node:http";
  export default function dynalite(options?: {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    ssl?: boolean;
  }): Server;
}
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
declare module "s3rver/lib/models/account.js" {
  /** s3rver's key registry: the one account its hard-coded "S3RVER" key pair belongs to. */
  const AwsAccount: {
    DUMMY_ACCOUNT: {
      createKeyPair(accessKeyId: string, secretAccessKey: string): void;
      revokeAccessKey(accessKeyId: string): void;
    };
  };
  export default AwsAccount;
}
declare module "s3rver/lib/models/object.js" {
  import type { Readable } from "node:stream";

  /** s3rver's object model: what its store's read returns to its GET handler. */
  const S3Object: new (
    bucket: string,
    key: string,
    content: Readable | null,
    metadata: Record<string, unknown>,
  ) => { range?: { start: number; end: number } };
  export default S3Object;
}
