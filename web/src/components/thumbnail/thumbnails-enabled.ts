import { readBootstrap } from "../../lib/bootstrap";

/** The bootstrap's feature flag saying the server draws card pictures (Superset's `THUMBNAILS`). */
export const THUMBNAILS_FLAG = "THUMBNAILS";

/** The last page bootstrap read, by its raw attribute: a page of cards parses it once. */
let last: { raw: string | undefined; enabled: boolean } | undefined;

/**
 * Whether the server draws chart and dashboard thumbnails for this page. Off (no picture is
 * asked for, the cards keep their placeholders) when the flag is false or the page came
 * without bootstrap data.
 */
export function thumbnailsEnabled(root: HTMLElement | null = document.getElementById("root")): boolean {
  const raw = root?.dataset.bootstrap;
  if (!last || last.raw !== raw) {
    last = { raw, enabled: readBootstrap(root)?.common.feature_flags[THUMBNAILS_FLAG] === true };
  }
  return last.enabled;
}
