import i18next from "i18next";

/**
 * The one i18next instance of the SPA. Keys are the English messages themselves (as gettext's
 * msgids in Superset), so dots and colons in them are text, not key paths or namespaces; an empty
 * translation counts as missing, so untranslated strings show in English one by one.
 */
export const translator = i18next.createInstance();

void translator.init({
  lng: "en",
  fallbackLng: false,
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  returnNull: false,
  // Resources are given in memory, so the instance is ready synchronously: `t` works at once.
  initAsync: false,
  // Our placeholders are Superset's `%s` / `%(name)s`, applied after lookup; i18next's own
  // `{{…}}` interpolation is never used.
  interpolation: { escapeValue: false },
});
