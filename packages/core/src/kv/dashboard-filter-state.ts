import { FILTER_STATE_MAX_BYTES } from "@strata/contracts";
import type { Dashboards } from "../dashboards/service.ts";
import { badRequest, forbidden, notFound } from "../errors.ts";
import { type Principal, requireUser } from "../security/principal.ts";
import { type KeyValueStore, newKey, storeKey } from "./keys.ts";

/** Superset's default life of a dashboard's filter state (FILTER_STATE_CACHE_CONFIG): 90 days. */
export const FILTER_STATE_TTL_SECONDS = 90 * 24 * 3600;
/**
 * Superset renews an entry's life whenever it is read (REFRESH_TIMEOUT_ON_RETRIEVAL). Renewing at
 * most once a day keeps that promise to within a day without turning every page load into a write.
 */
export const FILTER_STATE_RENEW_AFTER_SECONDS = 24 * 3600;

const GONE = "The filter state was not found or has expired.";
/** Superset's TemporaryCacheAccessDeniedError. */
const NOT_YOURS = "You don't have permission to modify the value.";

interface StoredFilterState {
  /** The user who made it: only they may overwrite or delete it. */
  owner: number;
  dashboard_id: number;
  /** JSON text, as the client sent it. */
  value: string;
  /** When the entry's life was last set (epoch seconds). */
  written_at: number;
}

/**
 * A value worth keeping: JSON text (what the SPA parses back) within the size bound, counted in
 * UTF-8 bytes as the store counts it. Refused in the shape of a schema error on the field.
 */
function checkValue(value: string): void {
  if (Buffer.byteLength(value, "utf8") > FILTER_STATE_MAX_BYTES)
    throw badRequest({ value: [`value must be at most ${FILTER_STATE_MAX_BYTES} bytes`] });
  try {
    JSON.parse(value);
  } catch {
    throw badRequest({ value: ["value must be JSON text"] });
  }
}

/** Keys are ours (newKey): anything else cannot name an entry, and is not looked up. */
const wellFormed = (key: string) => /^[A-Za-z0-9_-]{1,64}$/.test(key);

/**
 * A dashboard's native filter state under a key (`/api/v1/dashboard/{id_or_slug}/filter_state`).
 * As in Superset: an entry belongs to its dashboard (the same key under another dashboard finds
 * nothing), anyone who may read the dashboard may read it (so a URL carrying the key can be
 * shared), and only the user who made it may overwrite or delete it. Embedded guests keep none:
 * Superset's SPA never writes one for them, and a guest has no user to own it.
 */
export class DashboardFilterState {
  constructor(
    private readonly store: KeyValueStore,
    private readonly dashboards: Pick<Dashboards, "get">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores the state of a dashboard the caller may read; answers its new key. */
  async create(p: Principal, idOrSlug: string | number, value: string): Promise<string> {
    const owner = this.writer(p);
    checkValue(value);
    const { id } = await this.dashboards.get(p, idOrSlug);
    const key = newKey();
    await this.write(key, { owner, dashboard_id: id, value });
    return key;
  }

  /** Overwrites the caller's own entry (same key) and renews its life. */
  async update(p: Principal, idOrSlug: string | number, key: string, value: string): Promise<void> {
    const owner = this.writer(p);
    checkValue(value);
    const { id } = await this.dashboards.get(p, idOrSlug);
    const stored = await this.find(id, key);
    if (!stored) throw notFound(GONE);
    if (stored.owner !== owner) throw forbidden(NOT_YOURS);
    await this.write(key, { owner, dashboard_id: id, value });
  }

  /** The stored value (JSON text) of a dashboard the caller may read. */
  async get(p: Principal, idOrSlug: string | number, key: string): Promise<string> {
    const { id } = await this.dashboards.get(p, idOrSlug);
    const stored = await this.find(id, key);
    if (!stored) throw notFound(GONE);
    if (this.seconds() - (stored.written_at ?? 0) >= FILTER_STATE_RENEW_AFTER_SECONDS) {
      await this.write(key, stored);
    }
    return stored.value;
  }

  /** Forgets the caller's own entry. */
  async remove(p: Principal, idOrSlug: string | number, key: string): Promise<void> {
    const owner = this.writer(p);
    const { id } = await this.dashboards.get(p, idOrSlug);
    const stored = await this.find(id, key);
    if (!stored) throw notFound(GONE);
    if (stored.owner !== owner) throw forbidden(NOT_YOURS);
    await this.store.deleteValue(storeKey.dashboardFilterState(id, key));
  }

  /** The signed-in user who will own what is written; guests and anonymous callers may not write. */
  private writer(p: Principal): number {
    if (p.guest) throw forbidden("Embedded dashboards don't keep filter state.");
    return requireUser(p).id;
  }

  private seconds() {
    return Math.floor(this.now().getTime() / 1000);
  }

  private write(key: string, entry: Omit<StoredFilterState, "written_at">) {
    const stored: StoredFilterState = { ...entry, written_at: this.seconds() };
    return this.store.putValue(storeKey.dashboardFilterState(entry.dashboard_id, key), stored, {
      ttlSeconds: FILTER_STATE_TTL_SECONDS,
    });
  }

  private async find(dashboardId: number, key: string): Promise<StoredFilterState | undefined> {
    if (!wellFormed(key)) return undefined;
    return this.store.getValue<StoredFilterState>(storeKey.dashboardFilterState(dashboardId, key));
  }
}
