import { Inflate, strToU8, zipSync } from "fflate";
import { badRequest, AppError } from "../errors.ts";

/** Bounds on an uploaded bundle, checked from the ZIP's central directory before anything is inflated. */
export const BUNDLE_LIMITS = {
  /** Upload size (the HTTP layer refuses larger bodies before reading them). */
  maxUploadBytes: 100 * 1024 * 1024,
  maxEntries: 1000,
  maxTotalUncompressed: 200 * 1024 * 1024,
  /** One YAML file: far above any real asset (a dataset with thousands of columns is a few MB). */
  maxEntryBytes: 20 * 1024 * 1024,
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const SYMLINK = 0o120000;
const FILE_TYPE_MASK = 0o170000;

interface CentralEntry {
  name: string;
  size: number;
  compressedSize: number;
  method: number;
  localOffset: number;
  isDirectory: boolean;
}

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

const tooLarge = (message: string) => new AppError(413, { message });

/**
 * Reads the central directory: names, uncompressed sizes and the Unix mode (symlinks), so every
 * bound is checked before a byte is inflated. fflate inflates afterwards, filtered to the same names.
 */
function centralDirectory(bytes: Uint8Array): CentralEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // The end record sits in the last 64 KB + 22 bytes (its comment is at most 65535 bytes).
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw badRequest("The file is not a valid ZIP archive: its directory is missing.");
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count > BUNDLE_LIMITS.maxEntries) {
    throw tooLarge(`The archive has ${count} files; at most ${BUNDLE_LIMITS.maxEntries} are accepted.`);
  }
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const entries: CentralEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL) {
      throw badRequest("The file is not a valid ZIP archive: its directory is damaged.");
    }
    const madeBy = view.getUint16(offset + 4, true) >> 8;
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const attributes = view.getUint32(offset + 38, true);
    const localOffset = view.getUint32(offset + 42, true);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    // 3 = Unix: the high half of the external attributes is the file mode.
    if (madeBy === 3 && ((attributes >>> 16) & FILE_TYPE_MASK) === SYMLINK) {
      throw badRequest(`The archive holds a symbolic link (${name}); links are not accepted.`);
    }
    entries.push({ name, size, compressedSize, method, localOffset, isDirectory: name.endsWith("/") });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function checkName(name: string) {
  const parts = name.split("/");
  if (
    name.includes("\\") ||
    name.includes("\0") ||
    name.startsWith("/") ||
    /^[A-Za-z]:/.test(name) ||
    parts.some((p) => p === ".." || p === ".")
  ) {
    throw badRequest(`The archive holds an unsafe file name (${name}): names may not leave the archive.`);
  }
}

/** The archive's files as text, keyed by their path inside the archive, after every check. */
export function readZip(bytes: Uint8Array): Map<string, string> {
  const entries = centralDirectory(bytes);
  let total = 0;
  for (const e of entries) {
    checkName(e.name);
    if (e.size > BUNDLE_LIMITS.maxEntryBytes) {
      throw tooLarge(`${e.name} is ${e.size} bytes uncompressed; one file may hold at most 20 MB.`);
    }
    total += e.size;
  }
  if (total > BUNDLE_LIMITS.maxTotalUncompressed) {
    throw tooLarge("The archive holds more than 200 MB once uncompressed.");
  }
  const out = new Map<string, string>();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (const e of entries) {
    if (e.isDirectory) continue;
    const data = inflateEntry(bytes, e);
    try {
      out.set(e.name, decoder.decode(data));
    } catch {
      out.set(e.name, ""); // binary members (images, …) are not assets; only YAML is read later
    }
  }
  return out;
}

/**
 * One entry's bytes, never more than its directory declared: a deflate stream that would grow
 * past that (a bomb lying about its size) is stopped as soon as it does.
 */
function inflateEntry(bytes: Uint8Array, e: CentralEntry): Uint8Array {
  const damaged = () => badRequest(`The file is not a valid ZIP archive: ${e.name} could not be read.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = e.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw damaged();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const compressed = bytes.subarray(start, start + e.compressedSize);
  if (compressed.length !== e.compressedSize) throw damaged();
  if (e.method === 0) {
    if (e.compressedSize !== e.size) throw damaged();
    return compressed;
  }
  if (e.method !== 8) throw badRequest(`${e.name} uses a compression method this server does not read.`);
  const out = new Uint8Array(e.size);
  let written = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > e.size) {
      overflow = true;
      return;
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    const STEP = 64 * 1024;
    for (let i = 0; i < compressed.length && !overflow; i += STEP) {
      const end = Math.min(i + STEP, compressed.length);
      inflater.push(compressed.subarray(i, end), end === compressed.length);
    }
  } catch {
    throw damaged();
  }
  if (overflow) throw badRequest(`${e.name} is larger than its archive says.`);
  if (written !== e.size) throw damaged();
  return out;
}

/** A ZIP of text files, in the order given. */
export function writeZip(files: [string, string][]): Uint8Array {
  const tree: Record<string, Uint8Array> = {};
  for (const [name, text] of files) tree[name] = strToU8(text);
  return zipSync(tree, { level: 6 });
}
