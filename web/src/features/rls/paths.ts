/** Superset's route of the row level security page (Settings → Security → Row Level Security). */
export const rlsPaths = {
  list: "/rowlevelsecurity/list/",
} as const;
