export { LIST_THUMBNAIL_HEIGHT, ThumbnailImage } from "./thumbnail-image";
export { THUMBNAILS_FLAG, thumbnailsEnabled } from "./thumbnails-enabled";
export {
  THUMBNAIL_GIVE_UP_MS,
  THUMBNAIL_POLL_MS,
  type ThumbnailPolling,
  type ThumbnailState,
  thumbnailKey,
  useThumbnail,
  useThumbnailState,
} from "./use-thumbnail";
