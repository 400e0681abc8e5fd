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
