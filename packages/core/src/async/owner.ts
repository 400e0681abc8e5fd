import type { Principal } from "../security/principal.ts";

/**
 * Who a background job, its events and its stored result belong to: `user:{id}` for a signed-in
 * user, `guest:{token id}` for an embedded guest. Anonymous callers have no owner, so nothing of
 * theirs is queued or stored for later: with no credentials there is nobody to hand it back to,
 * and a shared "anonymous" owner would let any caller read any other anonymous caller's result.
 */
export type JobOwner = `user:${number}` | `guest:${string}`;

export function jobOwnerOf(p: Principal): JobOwner | undefined {
  if (p.guest?.jti) return `guest:${p.guest.jti}`;
  if (p.user) return `user:${p.user.id}`;
  return undefined;
}

/** Whether a stored owner names this caller: never true for a missing or empty owner. */
export function ownedBy(stored: unknown, p: Principal): boolean {
  const mine = jobOwnerOf(p);
  return typeof stored === "string" && stored.length > 0 && mine !== undefined && stored === mine;
}
