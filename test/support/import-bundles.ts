import type { TestServer } from "./server.ts";

/**
 * Import requests as the SPA's import dialog sends them: a multipart form whose `formData` field
 * holds the bundle (a ZIP, YAML or JSON file), with the optional `overwrite`, `passwords`, …
 * fields beside it.
 */

/** The multipart form of an import: the file under `formData`, named as uploaded, and the fields. */
export function importForm(
  file: Uint8Array<ArrayBuffer> | string,
  name: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.set("formData", new File([file], name));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/** POSTs an import form to `/api/v1/{resource}/import/` as the token's user. */
export function importBundle(
  s: TestServer,
  token: string,
  resource: string,
  form: FormData,
): Promise<Response> {
  return Promise.resolve(
    s.app.request(`/api/v1/${resource}/import/`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
}
