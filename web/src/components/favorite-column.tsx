import { useCallback, useMemo, useState } from "react";
import type { StarrableType } from "../lib/favorites/favorite-status";
import { t } from "../lib/i18n";
import { FavoriteStar } from "./favorite-star";
import type { ListColumn, ListFilterConfig } from "./list-view";

type Starrable = { id: number; is_favorite?: boolean };

/**
 * Stars of a chart or dashboard list. Rows arrive with the caller's `is_favorite`; a toggle is
 * kept here so the star answers at once without refetching the page.
 */
export function useFavoriteStars<T extends Starrable>(type: StarrableType) {
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const starOf = useCallback(
    (row: T) => (
      <FavoriteStar
        type={type}
        id={row.id}
        starred={toggled[row.id] ?? Boolean(row.is_favorite)}
        onChange={(on) => setToggled((prev) => ({ ...prev, [row.id]: on }))}
      />
    ),
    [type, toggled],
  );
  // The column's id is what the Favorite filter refers to.
  const column = useMemo<ListColumn<T>>(
    () => ({ id: "is_favorite", header: "", width: 40, render: starOf }),
    [starOf],
  );
  return { starOf, column };
}

/** The 'Favorite' filter (Yes / No) with the resource's named operator (`chart_is_favorite`...). */
export function favoriteFilter(operator: string): ListFilterConfig {
  return {
    id: "is_favorite",
    title: t("Favorite"),
    input: "select",
    operator,
    options: [
      { label: t("Yes"), value: true },
      { label: t("No"), value: false },
    ],
  };
}
