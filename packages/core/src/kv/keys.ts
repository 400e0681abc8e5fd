import { randomBytes } from "node:crypto";
import type { MetaStore } from "../store/meta-store.ts";

/** The key-value entries live in the meta store; only these calls of it are used. */
export type KeyValueStore = Pick<MetaStore, "getValue" | "putValue" | "deleteValue">;

/** A fresh, unguessable key: 12 random bytes, URL-safe. */
export const newKey = () => randomBytes(12).toString("base64url");

/** Where each kind of entry is stored; callers only ever see the bare key. */
export const storeKey = {
  exploreFormData: (key: string) => `explore-form#${key}`,
  explorePermalink: (key: string) => `explore-permalink#${key}`,
  sqlLabPermalink: (key: string) => `sqllab-permalink#${key}`,
  sqlLabIncoming: (key: string) => `sqllab-incoming#${key}`,
  /** Under its dashboard: a key read through another dashboard finds nothing. */
  dashboardFilterState: (dashboardId: number, key: string) => `dashboard-filter-state#${dashboardId}#${key}`,
};
