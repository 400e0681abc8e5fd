/** Superset's route of the CSS templates page (Settings → Manage → CSS Templates). */
export const cssTemplatePaths = {
  list: "/csstemplatemodelview/list/",
} as const;
