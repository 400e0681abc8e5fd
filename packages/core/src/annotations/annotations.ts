import type { AnnotationPost, AnnotationPut } from "@strata/contracts";
import { notFound, unprocessable } from "../errors.ts";
import { type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { type AnnotationLayers, auditFields } from "./layers.ts";
import {
  ANNOTATION_ID_COUNTER,
  ANNOTATION_VIEW,
  type AnnotationData,
  type AnnotationEntity,
  type AnnotationLayerEntity,
  annotationType,
} from "./types.ts";

type UsersById = (ids: number[]) => Promise<Map<number, UserEntity>>;

const SHORT_DESCR_SCOPE = "annotation-short-descr";
/** One layer's short descriptions are unique; the claim value carries the layer. */
const claimValue = (layerId: number, shortDescr: string) => `${layerId}:${shortDescr}`;
const shortDescrTaken = () =>
  unprocessable({ short_descr: ["Short description must be unique for this layer"] });

/** Naive UTC ISO texts of the same shape compare correctly as strings. */
function checkDates(start: string, end: string) {
  if (end < start) throw unprocessable({ end_dttm: ["End date must be after start date"] });
}

/** The annotations of one layer (`/api/v1/annotation_layer/{pk}/annotation/`). */
export class Annotations {
  constructor(
    private readonly meta: MetaStore,
    private readonly layers: AnnotationLayers,
    private readonly usersById: UsersById,
  ) {}

  /** Every annotation of a layer, without a permission check (chart data checks once). */
  ofLayer(layerId: number): Promise<AnnotationEntity[]> {
    return this.meta.list<AnnotationData>(annotationType(layerId));
  }

  async get(p: Principal, layerId: number, id: number) {
    const layer = await this.layers.get(p, layerId);
    const annotation = await this.meta.get<AnnotationData>(annotationType(layerId), id);
    if (!annotation) throw notFound("Annotation not found.");
    return { layer, annotation };
  }

  async rows(p: Principal, layerId: number) {
    const layer = await this.layers.get(p, layerId);
    const all = await this.ofLayer(layerId);
    const users = await this.usersById(all.flatMap((a) => [a.created_by_fk ?? 0, a.changed_by_fk ?? 0]));
    return all.map((a) => this.row(a, layer, users));
  }

  private row(a: AnnotationEntity, layer: AnnotationLayerEntity, users: Map<number, UserEntity>) {
    return {
      id: a.id,
      layer: { id: layer.id, name: layer.name },
      short_descr: a.short_descr,
      long_descr: a.long_descr,
      start_dttm: a.start_dttm,
      end_dttm: a.end_dttm,
      json_metadata: a.json_metadata,
      ...auditFields(a, users),
    };
  }

  async detail(p: Principal, layerId: number, id: number) {
    const { layer, annotation } = await this.get(p, layerId, id);
    const users = await this.usersById([annotation.created_by_fk ?? 0, annotation.changed_by_fk ?? 0]);
    return this.row(annotation, layer, users);
  }

  /**
   * A short description names one annotation of its layer (Superset's uniqueness rule). The
   * claim decides races; this list check catches annotations written before they were claimed.
   */
  private async checkUnique(layerId: number, shortDescr: string, exceptId?: number) {
    const all = await this.ofLayer(layerId);
    if (all.some((a) => a.short_descr === shortDescr && a.id !== exceptId)) throw shortDescrTaken();
  }

  /**
   * Claims a short description in its layer for annotation `id`, as `UniqueNames` does for other
   * kinds. Written out here because annotation ids come from one counter for all layers while
   * each layer's annotations are their own entity type, and a stale claim is judged by
   * re-reading its owner in that layer.
   */
  private async claim(layerId: number, shortDescr: string, id: number): Promise<void> {
    const ok = await this.meta.claimUnique(
      SHORT_DESCR_SCOPE,
      claimValue(layerId, shortDescr),
      id,
      async (owner) =>
        (await this.meta.get<AnnotationData>(annotationType(layerId), owner))?.short_descr === shortDescr,
      false,
    );
    if (!ok) throw shortDescrTaken();
  }

  private release(layerId: number, shortDescr: string, id: number): Promise<void> {
    return this.meta.releaseUnique(SHORT_DESCR_SCOPE, claimValue(layerId, shortDescr), id, false);
  }

  async create(p: Principal, layerId: number, input: AnnotationPost): Promise<AnnotationEntity> {
    requirePermission(p, "can_write", ANNOTATION_VIEW);
    await this.layers.get(p, layerId);
    checkDates(input.start_dttm, input.end_dttm);
    await this.checkUnique(layerId, input.short_descr);
    const id = await this.meta.nextId(ANNOTATION_ID_COUNTER);
    // Claim first, then write; a failed write gives the claim back.
    await this.claim(layerId, input.short_descr, id);
    try {
      return await this.meta.create<AnnotationData>(
        annotationType(layerId),
        {
          layer_id: layerId,
          short_descr: input.short_descr,
          long_descr: input.long_descr ?? null,
          start_dttm: input.start_dttm,
          end_dttm: input.end_dttm,
          json_metadata: input.json_metadata ?? null,
        },
        userId(p),
        id,
      );
    } catch (e) {
      await this.release(layerId, input.short_descr, id);
      throw e;
    }
  }

  async update(p: Principal, layerId: number, id: number, input: AnnotationPut): Promise<AnnotationEntity> {
    requirePermission(p, "can_write", ANNOTATION_VIEW);
    const { annotation } = await this.get(p, layerId, id);
    checkDates(input.start_dttm ?? annotation.start_dttm, input.end_dttm ?? annotation.end_dttm);
    const before = annotation.short_descr;
    const renamed = input.short_descr !== undefined && input.short_descr !== before;
    if (renamed) await this.checkUnique(layerId, input.short_descr!, id);
    const changes: Partial<AnnotationData> = {};
    for (const key of ["short_descr", "long_descr", "start_dttm", "end_dttm", "json_metadata"] as const) {
      if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
    }
    if (!renamed)
      return this.meta.update<AnnotationData>(annotationType(layerId), annotation, changes, userId(p));
    // Claim the new description, write (versioned), then give the old one back; a failed write
    // (a 409 from a concurrent edit) gives the new claim back instead.
    await this.claim(layerId, input.short_descr!, id);
    let saved: AnnotationEntity;
    try {
      saved = await this.meta.update<AnnotationData>(annotationType(layerId), annotation, changes, userId(p));
    } catch (e) {
      await this.release(layerId, input.short_descr!, id);
      throw e;
    }
    await this.release(layerId, before, id);
    return saved;
  }

  /** Resolves when the annotation exists and may be deleted (bulk delete checks every id first). */
  async checkRemove(p: Principal, layerId: number, id: number): Promise<AnnotationEntity> {
    requirePermission(p, "can_write", ANNOTATION_VIEW);
    return (await this.get(p, layerId, id)).annotation;
  }

  async remove(p: Principal, layerId: number, id: number): Promise<void> {
    const annotation = await this.checkRemove(p, layerId, id);
    await this.meta.delete(annotationType(layerId), annotation);
    await this.release(layerId, annotation.short_descr, id);
  }
}
