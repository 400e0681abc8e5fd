/** Base path of a generic REST resource: `dataset` → `/api/v1/dataset/`; `security/users` works too. */
export function resourcePath(resource: string): string {
  return `/api/v1/${resource}/`;
}

export function resourceItemPath(resource: string, id: number | string): string {
  return `/api/v1/${resource}/${id}`;
}
