import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** Encrypts stored connection secrets (database passwords) with a key derived from the signing secret. */
export class SecretBox {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHash("sha256").update(`strata-secret-box:${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
  }

  open(sealed: string): string {
    const raw = Buffer.from(sealed.replace(/^v1:/, ""), "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }
}
