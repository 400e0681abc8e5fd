/** Superset's route of the user's own information page (Settings → User → Info). */
export const userInfoPaths = {
  info: "/user_info/",
} as const;
