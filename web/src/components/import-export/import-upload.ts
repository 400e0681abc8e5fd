import type { ImportResponse } from "@strata/contracts";
import { apiRequest } from "../../lib/api-client";

/** The secrets typed into the import form, each by asset file path. */
export interface ImportSecrets {
  passwords: Record<string, string>;
  sshPasswords: Record<string, string>;
  sshPrivateKeys: Record<string, string>;
  sshPrivateKeyPasswords: Record<string, string>;
}

/**
 * POST /api/v1/{resource}/import/ as multipart: the file as `formData`, the secrets as JSON text
 * (file path → value) and `overwrite` only once the user confirmed it.
 */
export function uploadImport(
  resource: string,
  file: File,
  secrets: ImportSecrets,
  overwrite: boolean,
): Promise<ImportResponse> {
  const form = new FormData();
  form.append("formData", file);
  form.append("passwords", JSON.stringify(secrets.passwords));
  if (overwrite) form.append("overwrite", "true");
  form.append("ssh_tunnel_passwords", JSON.stringify(secrets.sshPasswords));
  form.append("ssh_tunnel_private_keys", JSON.stringify(secrets.sshPrivateKeys));
  form.append("ssh_tunnel_private_key_passwords", JSON.stringify(secrets.sshPrivateKeyPasswords));
  return apiRequest<ImportResponse>(`/api/v1/${resource}/import/`, {
    method: "POST",
    formData: form,
    // A large bundle takes a while to read and write.
    timeoutMs: 300_000,
  });
}
