import { mutate } from "swr";
import { apiDelete, apiPost, apiPut } from "../api-client";
import { withRisonQuery } from "../rison-query";
import { resourceItemPath, resourcePath } from "./resource-path";

/** POST /api/v1/{resource}/ → {id, result} */
export function createResource<T>(resource: string, body: unknown) {
  return apiPost<{ id: number; result: T }>(resourcePath(resource), body);
}

/** PUT /api/v1/{resource}/{id} → {id, result} */
export function updateResource<T>(resource: string, id: number, body: unknown) {
  return apiPut<{ id: number; result: T }>(resourceItemPath(resource, id), body);
}

/** DELETE /api/v1/{resource}/{id} → {message} */
export function deleteResource(resource: string, id: number) {
  return apiDelete<{ message: string }>(resourceItemPath(resource, id));
}

/** DELETE /api/v1/{resource}/?q=!(1,2) → {message} */
export function bulkDeleteResource(resource: string, ids: number[]) {
  return apiDelete<{ message: string }>(withRisonQuery(resourcePath(resource), ids));
}

/** Revalidates every cached list, item and option page of a resource. */
export function revalidateResource(resource: string): Promise<unknown> {
  const prefix = resourcePath(resource);
  return mutate((key) => typeof key === "string" && key.startsWith(prefix));
}
