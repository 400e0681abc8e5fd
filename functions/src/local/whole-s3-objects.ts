import { randomBytes, webcrypto } from "node:crypto";
import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Readable } from "node:stream";

/** The part of s3rver's filesystem store that reads and writes objects (its own code, untyped). */
interface FilesystemStore {
  getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<unknown>;
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

/**
 * An object's ETag: a digest of its bytes (hex, MD5's length) from WebCrypto, which hashes on a
 * worker thread. s3rver's MD5 ran on the event loop the API shares with the stand-ins, and a
 * 1M-row SQL Lab result is ~60 MB of chunks. S3 promises only that an ETag names the content, not
 * that it is an MD5 (multipart and KMS-encrypted objects' are not), and nothing here reads it as one.
 */
async function etagOf(bytes: Buffer): Promise<string> {
  const digest = await webcrypto.subtle.digest("SHA-256", bytes);
  return Buffer.from(digest).toString("hex").slice(0, 32);
}

async function bytesOf(content: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** s3rver's object model (untyped JavaScript), built the way its own read builds it. */
type S3ObjectClass = new (
  bucket: string,
  key: string,
  content: Readable | null,
  metadata: Record<string, unknown>,
) => { range?: { start: number; end: number } };

async function optionalText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/**
 * s3rver answers a PUT before the object's file is fully written (it resolves as soon as the body
 * is handed to the write stream) and writes in place, so a GET right after a PUT, or during an
 * overwrite, can read half a file. Real S3 never shows a partial object, and the result store
 * relies on that (a cached reply read while another request rewrites it). This replaces the
 * store's object write with one that finishes before answering and swaps files by rename; the
 * temporary names don't end in s3rver's object suffix, so listings never show them.
 *
 * Its read had the mirror problem: it took the size from one look at the file and streamed from a
 * second open, so a rewrite between the two sent the new bytes cut to the old length. The read
 * below opens the file once and takes size and bytes from that one handle.
 */
export function makeObjectsWhole(store: FilesystemStore, S3Object: S3ObjectClass): void {
  store.putMetadata = async (bucket, key, metadata, md5) => {
    const kept = Object.fromEntries(
      Object.entries(metadata).filter(([name]) => KEPT_HEADERS.has(name) || name.startsWith("x-amz-meta-")),
    );
    if (md5) await replaceFile(store.getResourcePath(bucket, key, "object.md5"), md5);
    await replaceFile(store.getResourcePath(bucket, key, "metadata.json"), JSON.stringify(kept, null, 2));
  };
  store.putObject = async (object) => {
    const bytes = await bytesOf(object.content);
    const md5 = await etagOf(bytes);
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(dirname(objectPath), { recursive: true });
    // Metadata first: a new key has no object file until its bytes are all there.
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    await replaceFile(objectPath, bytes);
    return { size: bytes.length, md5 };
  };
  store.getObject = async (bucket, key, options) => {
    const objectPath = store.getResourcePath(bucket, key, "object");
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(objectPath, "r");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
    try {
      const stat = await handle.stat();
      const [metadataText, md5] = await Promise.all([
        optionalText(store.getResourcePath(bucket, key, "metadata.json")),
        optionalText(store.getResourcePath(bucket, key, "object.md5")),
      ]);
      const metadata = {
        ...(metadataText ? (JSON.parse(metadataText) as Record<string, unknown>) : {}),
        ...(md5 ? { etag: JSON.stringify(md5) } : {}),
        "last-modified": stat.mtime.toUTCString(),
        "content-length": stat.size,
      };
      const lastByte = Math.max(0, stat.size - 1);
      const ranged = options?.start !== undefined || options?.end !== undefined;
      const range = {
        start: options?.start ?? 0,
        end: Math.min(options?.end ?? Number.POSITIVE_INFINITY, lastByte),
      };
      if (range.start < 0 || range.end < range.start) {
        // Not satisfiable: s3rver answers InvalidRange for a ranged read of this object.
        await handle.close();
        const object = new S3Object(bucket, key, null, metadata);
        if (ranged) object.range = range;
        return object;
      }
      const content = handle.createReadStream({ start: range.start, end: range.end, autoClose: true });
      const object = new S3Object(bucket, key, content, metadata);
      if (ranged) object.range = range;
      return object;
    } catch (e) {
      await handle.close().catch(() => undefined);
      throw e;
    }
  };
}
