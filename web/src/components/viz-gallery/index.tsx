import { Center, Loader } from "@mantine/core";
import { t } from "../../lib/i18n";
import { lazyPart, useLazyPart } from "../../lib/lazy-part";
import type { VizGalleryProps } from "./viz-gallery";

export { useRecentVizTypes } from "./use-recent-viz-types";
export type { VizGalleryProps };

// The gallery (and, through it, the pictograms) is a chunk of its own: pages that only name the
// current type never load it.
const gallery = lazyPart(() => import("./viz-gallery"));

/** The visualisation gallery, loaded on first use. */
export function VizGallery(props: VizGalleryProps) {
  const Gallery = useLazyPart(gallery)?.default;
  if (!Gallery)
    return (
      <Center h={props.height ?? "70vh"}>
        <Loader aria-label={t("Loading")} />
      </Center>
    );
  return <Gallery {...props} />;
}
