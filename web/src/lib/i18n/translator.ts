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

/**
 * Messages already looked up in the language in effect, with their answers. i18next's lookup
 * costs tens of microseconds a call (key checks, fallbacks, plural and context handling), and a
 * dashboard's charts ask for the same few labels hundreds of times as they render. An answer
 * changes only when the language does or a catalogue is added or removed, and each of those
 * forgets them all. Bounded: a page that translates text from data cannot grow it for ever.
 */
let answers = new Map<string, string>();
const MAX_ANSWERS = 5000;
const forgetAnswers = () => {
  answers = new Map();
};
translator.on("languageChanged", forgetAnswers);
translator.store.on("added", forgetAnswers);
translator.store.on("removed", forgetAnswers);

/** The message in the language in effect, or the English message when it has no translation. */
export function lookUp(message: string): string {
  let answer = answers.get(message);
  if (answer === undefined) {
    const translated = translator.t(message, { defaultValue: message, skipInterpolation: true });
    answer = typeof translated === "string" ? translated : message;
    if (answers.size >= MAX_ANSWERS) forgetAnswers();
    answers.set(message, answer);
  }
  return answer;
}
