import { createHash, randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Readable } from "node:stream";

/** The part of s3rver's filesystem store that writes an object (its own code, untyped). */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    content: Buffer | Readable;
    metadata: Record<string, string>;
  }): Promise<{ size: number; md5: string }>;
}

/** The headers S3 keeps with an object (as s3rver keeps them), besides `x-amz-meta-*`. */
const KEPT_HEADERS = new Set([
  "cache-control",
  "content-disposition",
  "content-encoding",
  "content-language",
  "content-type",
  "expires",
  "x-amz-storage-class",
  "x-amz-website-redirect-location",
]);

/** Writes a file whole or not at all: a reader sees the old bytes or the new ones, never half. */
async function replaceFile(path: string, bytes: Buffer | string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString("hex")}.partial`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

async function bytesOf(content: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * s3rver answers a PUT before the object's file is fully written (it resolves as soon as the body
 * is handed to the write stream) and writes in place, so a GET right after a PUT, or during an
 * overwrite, can read half a file. Real S3 never shows a partial object, and the result store
 * relies on that (a cached reply read while another request rewrites it). This replaces the
 * store's object write with one that finishes before answering and swaps files by rename; the
 * temporary names don't end in s3rver's object suffix, so listings never show them.
 */
export function makeObjectWritesAtomic(store: FilesystemStore): void {
  store.putMetadata = async (bucket, key, metadata, md5) => {
    const kept = Object.fromEntries(
      Object.entries(metadata).filter(([name]) => KEPT_HEADERS.has(name) || name.startsWith("x-amz-meta-")),
    );
    if (md5) await replaceFile(store.getResourcePath(bucket, key, "object.md5"), md5);
    await replaceFile(store.getResourcePath(bucket, key, "metadata.json"), JSON.stringify(kept, null, 2));
  };
  store.putObject = async (object) => {
    const bytes = await bytesOf(object.content);
    const md5 = createHash("md5").update(bytes).digest("hex");
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(dirname(objectPath), { recursive: true });
    // Metadata first: a new key has no object file until its bytes are all there.
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    await replaceFile(objectPath, bytes);
    return { size: bytes.length, md5 };
  };
}
