import { Center, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import { t } from "../../lib/i18n";
import type { VizGalleryProps } from "./viz-gallery";

export { useRecentVizTypes } from "./use-recent-viz-types";
export type { VizGalleryProps };

// The gallery (and, through it, the pictograms) is a chunk of its own: pages that only name the
// current type never load it.
const Gallery = lazy(() => import("./viz-gallery"));

/** The visualisation gallery, loaded on first use. */
export function VizGallery(props: VizGalleryProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? "70vh"}>
          <Loader aria-label={t("Loading")} />
        </Center>
      }
    >
      <Gallery {...props} />
    </Suspense>
  );
}
