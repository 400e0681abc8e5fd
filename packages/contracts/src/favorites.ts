/** `GET /api/v1/{chart|dashboard|tag}/favorite_status/?q=!(ids)` items. */
export interface FavoriteStatus {
  id: number;
  value: boolean;
}
