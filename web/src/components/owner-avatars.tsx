import { Avatar, Tooltip } from "@mantine/core";
import type { UserRef } from "@strata/contracts";

/** A user reference whose names may be missing. */
export type Owner = Pick<UserRef, "id"> & Partial<Record<"first_name" | "last_name", string | null>>;

/** Owner avatar group shows up to 4 avatars by default (001 §9). */
export const MAX_AVATARS = 4;

export function ownerName(o: Owner): string {
  return [o.first_name, o.last_name].filter(Boolean).join(" ") || `#${o.id}`;
}

/**
 * Superset's avatar endpoint: a redirect to the image, or 204 when the user has none (Strata
 * stores none today). An image that does not load leaves the initials drawn instead.
 */
export const avatarUrl = (userId: number) => `/api/v1/user/${userId}/avatar.png`;

function initials(o: Owner): string {
  return `${o.first_name?.[0] ?? ""}${o.last_name?.[0] ?? ""}`.toUpperCase() || "?";
}

export function OwnerAvatars({
  owners,
  max = MAX_AVATARS,
}: {
  owners: Owner[] | null | undefined;
  max?: number;
}) {
  const list = owners ?? [];
  if (list.length === 0) return null;
  const shown = list.slice(0, max);
  const rest = list.slice(max);
  return (
    <Tooltip.Group openDelay={200} closeDelay={100}>
      <Avatar.Group spacing="xs" data-test="owner-avatars">
        {shown.map((o) => (
          <Tooltip key={o.id} label={ownerName(o)} withArrow>
            <Avatar
              size="sm"
              radius="xl"
              color="initials"
              src={avatarUrl(o.id)}
              name={ownerName(o)}
              aria-label={ownerName(o)}
            >
              {initials(o)}
            </Avatar>
          </Tooltip>
        ))}
        {rest.length > 0 && (
          <Tooltip label={rest.map(ownerName).join(", ")} withArrow>
            <Avatar size="sm" radius="xl">{`+${rest.length}`}</Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
