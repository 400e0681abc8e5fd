import type { AnnotationLayerPost, AnnotationLayerPut } from "@strata/contracts";
import { notFound, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import { ownerRef } from "../security/users.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { UniqueNames } from "../store/unique-names.ts";
import {
  ANNOTATION_LAYER,
  ANNOTATION_VIEW,
  type AnnotationData,
  type AnnotationLayerData,
  type AnnotationLayerEntity,
  annotationType,
} from "./types.ts";

type UsersById = (ids: number[]) => Promise<Map<number, UserEntity>>;

const nameTaken = () => unprocessable({ name: ["Name must be unique"] });

/** The list row of an entity with who made and changed it (both resources share these fields). */
export function auditFields(
  e: { created_on: string; changed_on: string; created_by_fk: number | null; changed_by_fk: number | null },
  users: Map<number, UserEntity>,
) {
  const changedBy = users.get(e.changed_by_fk ?? 0);
  return {
    created_on: e.created_on,
    changed_on: e.changed_on,
    changed_on_delta_humanized: humanizeSince(e.changed_on),
    created_by: ownerRef(users.get(e.created_by_fk ?? 0)),
    changed_by: ownerRef(changedBy),
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}` : "",
  };
}

/** Annotation layers: named groups of annotations (no owners: `can_write` is enough to edit). */
export class AnnotationLayers {
  /** Layer names, held by claims (scope `annotation-layer-name`) so racing creates get one each. */
  private readonly names: UniqueNames<AnnotationLayerEntity>;

  constructor(
    private readonly meta: MetaStore,
    private readonly usersById: UsersById,
  ) {
    this.names = new UniqueNames<AnnotationLayerEntity>(meta, {
      type: ANNOTATION_LAYER,
      scope: "annotation-layer-name",
      valueOf: (l) => l.name,
      fold: false,
      taken: nameTaken,
    });
  }

  /** The stored layer, without a permission check (chart data checks once for all layers). */
  find(id: number): Promise<AnnotationLayerEntity | undefined> {
    return this.meta.get<AnnotationLayerData>(ANNOTATION_LAYER, id);
  }

  async get(p: Principal, id: number): Promise<AnnotationLayerEntity> {
    requirePermission(p, "can_read", ANNOTATION_VIEW);
    const layer = await this.find(id);
    if (!layer) throw notFound("Annotation layer not found.");
    return layer;
  }

  async rows(p: Principal) {
    requirePermission(p, "can_read", ANNOTATION_VIEW);
    const all = await this.meta.list<AnnotationLayerData>(ANNOTATION_LAYER);
    const users = await this.usersById(all.flatMap((l) => [l.created_by_fk ?? 0, l.changed_by_fk ?? 0]));
    return all.map((l) => this.row(l, users));
  }

  private row(l: AnnotationLayerEntity, users: Map<number, UserEntity>) {
    return { id: l.id, name: l.name, descr: l.descr, ...auditFields(l, users) };
  }

  async detail(p: Principal, id: number) {
    const l = await this.get(p, id);
    return this.row(l, await this.usersById([l.created_by_fk ?? 0, l.changed_by_fk ?? 0]));
  }

  /**
   * Names are unique (Superset: "Name must be unique"); compared exactly, as Superset does. The
   * claim decides races; this list check catches layers written before names were claimed.
   */
  private async checkName(name: string, exceptId?: number) {
    const all = await this.meta.list<AnnotationLayerData>(ANNOTATION_LAYER);
    if (all.some((l) => l.name === name && l.id !== exceptId)) throw nameTaken();
  }

  async create(p: Principal, input: AnnotationLayerPost): Promise<AnnotationLayerEntity> {
    requirePermission(p, "can_write", ANNOTATION_VIEW);
    await this.checkName(input.name);
    return this.names.create(input.name, (id) =>
      this.meta.create<AnnotationLayerData>(
        ANNOTATION_LAYER,
        { name: input.name, descr: input.descr ?? null },
        userId(p),
        id,
      ),
    );
  }

  async update(p: Principal, id: number, input: AnnotationLayerPut): Promise<AnnotationLayerEntity> {
    requirePermission(p, "can_write", ANNOTATION_VIEW);
    const layer = await this.get(p, id);
    if (input.name !== undefined && input.name !== layer.name) await this.checkName(input.name, id);
    const changes: Partial<AnnotationLayerData> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.descr !== undefined) changes.descr = input.descr;
    return this.names.rename(layer, changes.name ?? layer.name, () =>
      this.meta.update<AnnotationLayerData>(ANNOTATION_LAYER, layer, changes, userId(p)),
    );
  }

  /** Checks a delete would succeed: a layer that still holds annotations is kept (Superset's rule). */
  async checkRemove(p: Principal, id: number): Promise<AnnotationLayerEntity> {
    requirePermission(p, "can_write", ANNOTATION_VIEW);
    const layer = await this.get(p, id);
    const annotations = await this.meta.list<AnnotationData>(annotationType(id));
    if (annotations.length > 0) throw unprocessable("Annotation layer has associated annotations.");
    return layer;
  }

  async remove(p: Principal, id: number): Promise<void> {
    const layer = await this.checkRemove(p, id);
    await this.names.remove(layer, () => this.meta.delete(ANNOTATION_LAYER, layer));
  }
}
