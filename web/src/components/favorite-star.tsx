import { ActionIcon, Tooltip } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { type StarrableType, useFavoriteStatus } from "../lib/favorites/favorite-status";
import { setFavorite } from "../lib/favorites/set-favorite";
import { t } from "../lib/i18n";
import { toast } from "../lib/toast";

type Target = { dashboardId: number } | { type: StarrableType; id: number };

/**
 * Known state from a list page, which reads every row's star in one call: the star then asks
 * nothing itself and reports a toggle through `onChange` (called again to undo a refused one).
 */
type Controlled = { starred?: boolean; onChange?: (on: boolean) => void; size?: number };

export type FavoriteStarProps = Target & Controlled;

const failureText = (type: StarrableType) =>
  type === "dashboard"
    ? t("There was an issue favoriting this dashboard.")
    : t("An error occurred while starring this chart");

/** Favourite toggle for a chart or dashboard: POST / DELETE /api/v1/{type}/{id}/favorites/ (001 §4). */
export function FavoriteStar(props: FavoriteStarProps) {
  const type: StarrableType = "dashboardId" in props ? "dashboard" : props.type;
  const id = "dashboardId" in props ? props.dashboardId : props.id;
  const controlled = props.starred !== undefined;
  const own = useFavoriteStatus(type, controlled ? null : id);
  const on = controlled ? props.starred! : (own.data ?? null);

  // Shown at once; put back if the server refuses.
  const show = (value: boolean) =>
    controlled ? props.onChange?.(value) : void own.mutate(value, { revalidate: false });
  const toggle = async () => {
    const next = !on;
    show(next);
    try {
      await setFavorite(type, id, next);
    } catch {
      show(!next);
      toast.danger(failureText(type));
    }
  };
  const label = on ? t("Remove from favorites") : t("Add to favorites");
  const size = props.size ?? 18;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={on ? "yellow" : "gray"}
        onClick={(e) => {
          // On a card the star sits inside the card's link.
          e.preventDefault();
          e.stopPropagation();
          void toggle();
        }}
        disabled={on === null}
        aria-label={label}
        aria-pressed={!!on}
        data-test="favorite-star"
      >
        {on ? <IconStarFilled size={size} /> : <IconStar size={size} />}
      </ActionIcon>
    </Tooltip>
  );
}
