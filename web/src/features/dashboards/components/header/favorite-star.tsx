import { ActionIcon, Tooltip } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFavoriteStatus } from "../../api/favorite-status";
import { setFavorite } from "../../api/set-favorite";

/** Favourite toggle: POST / DELETE /api/v1/dashboard/{id}/favorites/ (001 §4). */
export function FavoriteStar({ dashboardId }: { dashboardId: number }) {
  const { data, mutate } = useFavoriteStatus(dashboardId);
  const on = data ?? null;
  // Shown at once; put back if the server refuses.
  const toggle = async () => {
    const next = !on;
    void mutate(next, { revalidate: false });
    try {
      await setFavorite(dashboardId, next);
    } catch {
      void mutate(!next, { revalidate: false });
      toast.danger(t("There was an issue favoriting this dashboard."));
    }
  };
  return (
    <Tooltip label={on ? t("Remove from favorites") : t("Add to favorites")}>
      <ActionIcon
        variant="subtle"
        color={on ? "yellow" : "gray"}
        onClick={toggle}
        disabled={on === null}
        aria-label={on ? t("Remove from favorites") : t("Add to favorites")}
        aria-pressed={!!on}
        data-test="favorite-star"
      >
        {on ? <IconStarFilled size={18} /> : <IconStar size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
