import { Box, Image } from "@mantine/core";
import { type ReactNode, useRef, useState } from "react";
import { useNearViewport } from "../../lib/use-near-viewport";
import { thumbnailsEnabled } from "./thumbnails-enabled";
import { type ThumbnailPolling, useThumbnail } from "./use-thumbnail";

interface Props extends ThumbnailPolling {
  /** The row's `thumbnail_url`; null or missing when there is no picture for this caller. */
  url: string | null | undefined;
  /** Shown until the picture is there, and instead of it when there is none. */
  fallback: ReactNode;
  /** The cover's height: the picture fills it, top-aligned, whatever its proportions. */
  height: number | string;
}

/** A list page's card cover with thumbnails on: every card of a grid the same height. */
export const LIST_THUMBNAIL_HEIGHT = 160;

/** The fallback sits in the middle of the cover. */
const boxStyle = {
  overflow: "hidden",
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
} as const;

/**
 * A chart's or dashboard's card picture (its thumbnail), asked for once the card comes near the
 * viewport, in a cover of a fixed height; the fallback meanwhile and when there is none. The
 * picture is decorative (empty alt): the card's title names the object. With thumbnails off
 * (see thumbnailsEnabled), just the fallback as it is, and nothing is asked for.
 */
export function ThumbnailImage({ url, fallback, height, ...polling }: Props) {
  const enabled = thumbnailsEnabled();
  const wanted = enabled && !!url;
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { active: wanted });
  const src = useThumbnail(wanted && near ? url : null, polling);
  // A picture the browser cannot show (not a PNG after all) gives way to the fallback.
  const [broken, setBroken] = useState<string | null>(null);
  if (!enabled) return <>{fallback}</>;
  return (
    <Box ref={ref} h={height} style={boxStyle}>
      {src && src !== broken ? (
        <Image
          src={src}
          alt=""
          h="100%"
          w="100%"
          fit="cover"
          style={{ objectPosition: "top" }}
          data-test="thumbnail-image"
          onError={() => setBroken(src)}
        />
      ) : (
        fallback
      )}
    </Box>
  );
}
