import type { ExploreFormDataRequest } from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { notFound } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { type KeyValueStore, newKey, storeKey } from "./keys.ts";

/** Unsaved Explore state lives a week after its last write (Superset's default). */
export const FORM_DATA_TTL_SECONDS = 7 * 24 * 3600;
const EXPIRED = "The explore state was not found or has expired.";

export interface StoredFormData {
  /** Who made it: only they may overwrite it. */
  owner: number | null;
  datasource_id: number;
  chart_id: number | null;
  /** The form data as the client sent it (JSON text). */
  form_data: string;
}

/** Explore's form-data keys (`/api/v1/explore/form_data/…`): short-lived, per-user editor state. */
export class ExploreFormData {
  constructor(
    private readonly store: KeyValueStore,
    private readonly datasets: Pick<Datasets, "get">,
    private readonly charts: Pick<Charts, "get">,
  ) {}

  /** Stores the state of a dataset (and chart) the caller may read; answers its key. */
  async create(p: Principal, body: ExploreFormDataRequest): Promise<string> {
    await this.datasets.get(p, body.datasource_id);
    if (body.chart_id) await this.charts.get(p, body.chart_id);
    const key = newKey();
    const stored: StoredFormData = {
      owner: p.user?.id ?? null,
      datasource_id: body.datasource_id,
      chart_id: body.chart_id ?? null,
      form_data: body.form_data,
    };
    await this.store.putValue(storeKey.exploreFormData(key), stored, { ttlSeconds: FORM_DATA_TTL_SECONDS });
    return key;
  }

  /** Overwrites the caller's own state (another user's key is not disclosed) and renews its life. */
  async update(p: Principal, key: string, body: ExploreFormDataRequest): Promise<void> {
    const stored = await this.find(key);
    if (!stored || stored.owner !== (p.user?.id ?? null)) throw notFound(EXPIRED);
    await this.datasets.get(p, body.datasource_id);
    await this.store.putValue(
      storeKey.exploreFormData(key),
      { ...stored, ...body, chart_id: body.chart_id ?? null },
      { ttlSeconds: FORM_DATA_TTL_SECONDS },
    );
  }

  /** The form data (JSON text) of a key whose dataset the caller may read. */
  async get(p: Principal, key: string): Promise<string> {
    const stored = await this.read(key);
    await this.datasets.get(p, stored.datasource_id).catch(() => {
      throw notFound(EXPIRED);
    });
    return stored.form_data;
  }

  /** Forgets the caller's own state. */
  async remove(p: Principal, key: string): Promise<void> {
    const stored = await this.find(key);
    if (!stored || stored.owner !== (p.user?.id ?? null)) throw notFound(EXPIRED);
    await this.store.deleteValue(storeKey.exploreFormData(key));
  }

  /** The stored entry, 404 when gone; the caller checks access to its dataset. */
  async read(key: string): Promise<StoredFormData> {
    const stored = await this.find(key);
    if (!stored) throw notFound(EXPIRED);
    return stored;
  }

  private find(key: string) {
    return this.store.getValue<StoredFormData>(storeKey.exploreFormData(key));
  }
}
