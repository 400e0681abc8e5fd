import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** `scrypt$N$r$p$salt$hash`, all hex. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("hex")}$${hash.toString("hex")}`;
}

let checks = 0;

/**
 * How many passwords this process has checked against a hash: the figure that login throttling
 * bounds (an attacker's guesses are worth exactly the checks they get).
 */
export function passwordChecksSoFar(): number {
  return checks;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  checks++;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  const actual = await scrypt(password, Buffer.from(salt, "hex"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * A hash of a random password, checked when the username is unknown so that answering "invalid
 * login" costs the same whether or not the account exists (no user enumeration by timing).
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}

/** A readable random password for the first admin when none is configured. */
export function generatePassword(): string {
  return randomBytes(12).toString("base64url");
}
