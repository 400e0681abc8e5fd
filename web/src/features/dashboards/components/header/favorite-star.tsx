import { ActionIcon, Tooltip } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { fetchFavoriteStatus, setFavorite } from "../../api/dashboard-api";

/** Favourite toggle: POST / DELETE /api/v1/dashboard/{id}/favorites/ (001 §4). */
export function FavoriteStar({ dashboardId }: { dashboardId: number }) {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    fetchFavoriteStatus(dashboardId).then(
      (v) => live && setOn(v),
      () => live && toast.danger(t("There was an issue fetching the favorite status of this dashboard.")),
    );
    return () => {
      live = false;
    };
  }, [dashboardId]);
  const toggle = async () => {
    const next = !on;
    setOn(next);
    try {
      await setFavorite(dashboardId, next);
    } catch {
      setOn(!next);
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
