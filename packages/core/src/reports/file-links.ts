import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { AppError, notFound } from "../errors.ts";
import type { ResultStorePort } from "../store/store-ports.ts";

/**
 * Signed short-lived links to a report's files, for receivers that can't take the file itself (a
 * webhook over its inline cap, a Slack incoming webhook). The file sits in the result store under
 * `tmp/` (the bucket's rules drop it after a day); the link carries its expiry and an HMAC of id
 * and expiry, so serving it needs no session and no stored grant: a link can't be widened or
 * stretched without the server's secret.
 */
export const FILE_LINK_TTL_SEC = 3600;
/**
 * How long a linked file is kept: the bucket's `tmp/` lifecycle rule in the cloud (a day), and
 * the same age for the local runtime's sweep, where nothing else removes them.
 */
export const LINKED_FILE_KEEP_MS = 24 * 3600_000;
const PREFIX = "tmp/report-files/";
const ID = /^[0-9a-f-]{36}$/;

export interface LinkedFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface FileLink {
  url: string;
  expires_at: string;
}

export class ReportFileLinks {
  constructor(
    private readonly deps: {
      results: ResultStorePort;
      secret: string;
      baseUrl: string;
      now?: () => number;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  private signature(id: string, expires: number): string {
    return createHmac("sha256", this.deps.secret).update(`report-file:${id}:${expires}`).digest("hex");
  }

  /** The link's path and query for a stored file id (a negative ttl makes an expired one, for tests). */
  sign(id: string, ttlSec = FILE_LINK_TTL_SEC): FileLink {
    const expires = Math.floor(this.now() / 1000) + ttlSec;
    return {
      url: `${this.deps.baseUrl}/api/v1/report/file/${id}/?expires=${expires}&signature=${this.signature(id, expires)}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** Stores a file and returns its id and a fresh link. */
  async publish(file: LinkedFile): Promise<FileLink & { id: string }> {
    const id = randomUUID();
    await this.deps.results.put(`${PREFIX}${id}`, file.bytes, file.contentType);
    await this.deps.results.putJson(`${PREFIX}${id}.json`, {
      file_name: file.fileName,
      content_type: file.contentType,
    });
    return { id, ...this.sign(id) };
  }

  /**
   * Deletes linked files written more than `LINKED_FILE_KEEP_MS` before `now` (their links
   * expired long ago) and returns how many objects went.
   */
  async sweep(now = this.now()): Promise<number> {
    let removed = 0;
    for (const o of await this.deps.results.list(PREFIX)) {
      if (now - o.lastModified.getTime() <= LINKED_FILE_KEEP_MS) continue;
      await this.deps.results.delete(o.key);
      removed++;
    }
    return removed;
  }

  /** The file behind a link: 403 for a bad or expired signature, 404 for a file that is gone. */
  async open(
    id: string,
    expiresText: string | undefined,
    signature: string | undefined,
  ): Promise<LinkedFile> {
    const expires = Number(expiresText);
    const expected = Buffer.from(ID.test(id) && Number.isInteger(expires) ? this.signature(id, expires) : "");
    const given = Buffer.from(signature ?? "");
    if (expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(403, { message: "This file link is not valid." });
    if (expires * 1000 < this.now())
      throw new AppError(403, {
        message: "This file link has expired; the next report run sends a new one.",
      });
    const [bytes, meta] = await Promise.all([
      this.deps.results.get(`${PREFIX}${id}`),
      this.deps.results.getJson<{ file_name: string; content_type: string }>(`${PREFIX}${id}.json`),
    ]);
    if (!bytes || !meta) throw notFound("The file of this link is no longer kept.");
    return { fileName: meta.file_name, contentType: meta.content_type, bytes };
  }
}
