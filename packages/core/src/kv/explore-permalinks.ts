import { type ExplorePermalinkState, parseDatasourceKey } from "@strata/contracts";
import type { Datasets } from "../datasets/service.ts";
import { badRequest, notFound } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { type KeyValueStore, newKey, storeKey } from "./keys.ts";

export interface StoredExplorePermalink {
  datasource_id: number;
  state: { formData: Record<string, unknown>; urlParams?: [string, string][] };
}

const NOT_FOUND = "Permalink not found";

/** Explore permalinks: a chart's form data frozen under a key, readable by whoever may read its dataset. */
export class ExplorePermalinks {
  constructor(
    private readonly store: KeyValueStore,
    private readonly datasets: Pick<Datasets, "get">,
  ) {}

  async create(p: Principal, state: ExplorePermalinkState): Promise<string> {
    const ds = parseDatasourceKey(String(state.formData.datasource ?? ""));
    if (!ds) throw badRequest({ formData: ["formData.datasource must be a key like 7__table"] });
    await this.datasets.get(p, ds.id);
    const key = newKey();
    const stored: StoredExplorePermalink = {
      datasource_id: ds.id,
      state: { formData: state.formData, urlParams: state.urlParams },
    };
    await this.store.putValue(storeKey.explorePermalink(key), stored);
    return key;
  }

  /** A stored permalink whose dataset the caller may read; 404 otherwise (existence not disclosed). */
  async read(p: Principal, key: string): Promise<StoredExplorePermalink> {
    const stored = /^[A-Za-z0-9_-]{1,64}$/.test(key)
      ? await this.store.getValue<StoredExplorePermalink>(storeKey.explorePermalink(key))
      : undefined;
    if (!stored) throw notFound(NOT_FOUND);
    await this.datasets.get(p, stored.datasource_id).catch(() => {
      throw notFound(NOT_FOUND);
    });
    return stored;
  }
}
