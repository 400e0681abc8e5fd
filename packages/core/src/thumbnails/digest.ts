import type { Principal } from "../security/principal.ts";

export type ThumbnailKind = "chart" | "dashboard";

/**
 * What names one picture, in its address: the viewer (it is drawn with their access and RLS, so
 * it is theirs alone) and the object's version (any save moves `changed_on`, so an edited chart
 * or dashboard gets a new picture and its list row a new address). Hex of both, not a hash: it
 * guards nothing (the server works it out again for each caller and answers only with theirs)
 * and a chart list computes one per row.
 */
export function thumbnailDigest(userId: number, object: { changed_on: string }): string {
  const version = Date.parse(object.changed_on);
  return `${userId.toString(16)}-${(Number.isFinite(version) ? version : 0).toString(16)}`;
}

export const DIGEST_PATTERN = /^[0-9a-f]{1,13}-[0-9a-f]{1,13}$/;

export const thumbnailPath = (kind: ThumbnailKind, id: number, digest: string) =>
  `/api/v1/${kind}/${id}/thumbnail/${digest}/`;

/** A list row's `thumbnail_url`: null for guests and anonymous callers, nothing is drawn for them. */
export function thumbnailUrlFor(
  p: Principal,
  kind: ThumbnailKind,
  object: { id: number; changed_on: string },
): string | null {
  if (!p.user || p.guest) return null;
  return thumbnailPath(kind, object.id, thumbnailDigest(p.user.id, object));
}
