import type { ScreenshotTaskStatus, ThumbnailPendingReply } from "@strata/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { apiRequestRaw } from "../../lib/api-client";
import { isApiError } from "../../lib/api-error";
import { thumbnailsEnabled } from "./thumbnails-enabled";

/** How often a picture still being drawn (202 Pending/Computing) is asked for again. */
export const THUMBNAIL_POLL_MS = 3_000;
/** How long a card keeps asking for a picture being drawn before it settles for its placeholder. */
export const THUMBNAIL_GIVE_UP_MS = 120_000;

/** What the server answered for a thumbnail address. */
export type ThumbnailState =
  /** The picture (200). */
  | { kind: "image"; blob: Blob }
  /** Not drawn yet (202 Pending/Computing/Updated): ask again later. */
  | { kind: "pending"; status: ScreenshotTaskStatus }
  /** None for this caller (202 Error, 403, 404, 422, 429…): the placeholder, and no more asking. */
  | { kind: "none" };

export interface ThumbnailPolling {
  /** Delay between asks while the picture is being drawn; THUMBNAIL_POLL_MS by default. */
  pollMs?: number;
  /** Stop asking after this long; THUMBNAIL_GIVE_UP_MS by default. */
  giveUpMs?: number;
}

/** SWR key of a thumbnail address: apart from the JSON reads keyed by their bare path. */
export const thumbnailKey = (url: string) => `thumbnail|${url}`;

const NONE: ThumbnailState = { kind: "none" };

async function fetchThumbnail(key: string): Promise<ThumbnailState> {
  const url = key.slice(thumbnailKey("").length);
  let res: Response;
  try {
    res = await apiRequestRaw(url);
  } catch (err) {
    // A refusal (403, 404, 422, the drawing quota's 429) stands: no more asking for this address.
    // A network failure, time-out or server error is an SWR error, asked again on a later mount.
    if (isApiError(err) && err.status >= 400 && err.status < 500 && err.status !== 408) return NONE;
    throw err;
  }
  if (res.status === 202) {
    const reply = (await res.json().catch(() => null)) as ThumbnailPendingReply | null;
    const status = reply?.task_status;
    return status === "Pending" || status === "Computing" || status === "Updated"
      ? { kind: "pending", status }
      : NONE;
  }
  if (res.status !== 200 || !res.headers.get("Content-Type")?.startsWith("image/")) return NONE;
  return { kind: "image", blob: await res.blob() };
}

// A thumbnail address names the object's version and the viewer: its answer never goes stale by
// itself, only a picture still being drawn is asked for again (refreshInterval below).
const swrOptions = {
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
};

/**
 * The server's answer for a thumbnail address, shared by every card showing it (one request per
 * address), asked for again every `pollMs` while it is being drawn, for at most `giveUpMs` from
 * this card's first ask. Nothing is asked for a null address or while thumbnails are off.
 */
export function useThumbnailState(
  url: string | null | undefined,
  { pollMs = THUMBNAIL_POLL_MS, giveUpMs = THUMBNAIL_GIVE_UP_MS }: ThumbnailPolling = {},
): ThumbnailState | undefined {
  const key = url && thumbnailsEnabled() ? thumbnailKey(url) : null;
  const current = useRef(key);
  current.current = key;
  const started = useRef<{ key: string; at: number } | null>(null);

  // SWR's polling runs only while the answer says "being drawn": the timer starts when such an
  // answer comes (this render reads it from the cache), and each ask schedules the next from its
  // answer, so a final answer (picture, failure) is never asked for again.
  const { cache } = useSWRConfig();
  const polling = key !== null && (cache.get(key)?.data as ThumbnailState | undefined)?.kind === "pending";
  const refreshInterval = useCallback(
    (latest: ThumbnailState | undefined) => {
      const asked = current.current;
      if (!asked || latest?.kind !== "pending") return 0;
      if (started.current?.key !== asked) started.current = { key: asked, at: Date.now() };
      return Date.now() - started.current.at < giveUpMs ? pollMs : 0;
    },
    [pollMs, giveUpMs],
  );

  const { data } = useSWR<ThumbnailState>(key, fetchThumbnail, {
    ...swrOptions,
    refreshInterval: polling ? refreshInterval : 0,
  });
  return key ? data : undefined;
}

/**
 * An object URL of the picture at a thumbnail address once the server has it, else null. Each
 * component makes its own from the shared Blob, and revokes it when the picture changes or the
 * component unmounts.
 */
export function useThumbnail(url: string | null | undefined, polling?: ThumbnailPolling): string | null {
  const state = useThumbnailState(url, polling);
  const blob = state?.kind === "image" ? state.blob : null;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return src;
}
