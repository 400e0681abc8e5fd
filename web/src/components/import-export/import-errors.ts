import type { SupersetError } from "@strata/contracts";
import { t } from "../../lib/i18n";

/** The server's import prompts, as Superset words them. */
export const NEEDS_PASSWORD = "Must provide a password for the database";
export const NEEDS_SSH_PASSWORD = "Must provide a password for the ssh tunnel";
export const NEEDS_SSH_KEY = "Must provide a private key for the ssh tunnel";
export const NEEDS_SSH_KEY_PASSWORD = "Must provide a private key password for the ssh tunnel";
const ALREADY_EXISTS = "already exists and `overwrite=true` was not passed";

/** What a refused import asks of the user next; each list holds the asset files concerned. */
export interface ImportPrompts {
  passwords: string[];
  sshPasswords: string[];
  sshPrivateKeys: string[];
  sshPrivateKeyPasswords: string[];
  alreadyExists: string[];
}

export const NO_PROMPTS: ImportPrompts = {
  passwords: [],
  sshPasswords: [],
  sshPrivateKeys: [],
  sshPrivateKeyPasswords: [],
  alreadyExists: [],
};

/** A file's problem is `{_schema: [messages]}` for the secrets the server needs. */
function schemaMessages(payload: unknown): string[] {
  if (!payload || typeof payload !== "object") return [];
  const schema = (payload as { _schema?: unknown })._schema;
  return Array.isArray(schema) ? schema.filter((m): m is string => typeof m === "string") : [];
}

const PROMPT_MESSAGES = [NEEDS_PASSWORD, NEEDS_SSH_PASSWORD, NEEDS_SSH_KEY, NEEDS_SSH_KEY_PASSWORD];

function isAlreadyExists(payload: unknown): boolean {
  return typeof payload === "string" && payload.includes(ALREADY_EXISTS);
}

/** A file's problem the user can answer in the form (a secret or the overwrite confirmation). */
function isAnswerable(payload: unknown): boolean {
  if (isAlreadyExists(payload)) return true;
  const messages = schemaMessages(payload);
  return messages.length > 0 && messages.every((m) => PROMPT_MESSAGES.includes(m));
}

/** The per-file entries of an error's `extra` (without its issue codes). */
function fileEntries(error: SupersetError): [string, unknown][] {
  const extra = error.extra && typeof error.extra === "object" ? error.extra : {};
  return Object.entries(extra).filter(([key]) => key !== "issue_codes");
}

/**
 * Reads a refused import's errors. When every problem is one the form can answer, the prompts say
 * which fields to show; otherwise the import failed for good (`prompts` is null) and the caller
 * shows `importFailureMessage`.
 */
export function readImportErrors(errors: SupersetError[]): ImportPrompts | null {
  if (errors.length === 0) return null;
  const prompts: ImportPrompts = {
    passwords: [],
    sshPasswords: [],
    sshPrivateKeys: [],
    sshPrivateKeyPasswords: [],
    alreadyExists: [],
  };
  for (const error of errors) {
    const entries = fileEntries(error);
    if (entries.length === 0 || !entries.every(([, payload]) => isAnswerable(payload))) return null;
    for (const [file, payload] of entries) {
      if (isAlreadyExists(payload)) prompts.alreadyExists.push(file);
      const messages = schemaMessages(payload);
      if (messages.includes(NEEDS_PASSWORD)) prompts.passwords.push(file);
      if (messages.includes(NEEDS_SSH_PASSWORD)) prompts.sshPasswords.push(file);
      if (messages.includes(NEEDS_SSH_KEY)) prompts.sshPrivateKeys.push(file);
      if (messages.includes(NEEDS_SSH_KEY_PASSWORD)) prompts.sshPrivateKeyPasswords.push(file);
    }
  }
  return prompts;
}

/** One line per file problem: `charts/x.yaml: uuid: Missing data for required field.` */
function detailLines(error: SupersetError): string[] {
  return fileEntries(error).map(([file, payload]) => {
    if (typeof payload === "string") return `${file}: ${payload}`;
    if (payload && typeof payload === "object") {
      const parts = Object.entries(payload).map(([field, messages]) => {
        const text = Array.isArray(messages) ? messages.join(" ") : String(messages);
        return field === "_schema" ? text : `${field}: ${text}`;
      });
      return `${file}: ${parts.join("; ")}`;
    }
    return `${file}: ${String(payload)}`;
  });
}

/** The toast of a failed import: the server's messages and each file's problem, then the re-export hint. */
export function importFailureMessage(label: string, message: string, errors: SupersetError[]): string {
  const lines = errors.length ? errors.flatMap((e) => [e.message, ...detailLines(e)]) : [message];
  if (errors.length) lines.push(t("Please re-export your file and try importing again"));
  const text = lines.map((line) => line.replace(/\.$/, "")).join(".\n");
  return t("An error occurred while importing %s: %s", label, text);
}
