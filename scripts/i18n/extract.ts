/**
 * `npm run i18n:extract`: collects every literal message of `t(`/`tn(` in web/src and brings each
 * catalogue of web/src/locales to exactly that key set (see syncCatalogue). Prints, per locale, how
 * many messages still lack a translation, and the calls whose message is not a literal.
 */

import {
  COMPLETE_LOCALES,
  readCatalogue,
  syncCatalogue,
  TRANSLATED_LOCALES,
  WEB_SRC,
  writeCatalogue,
} from "./catalogue-files.ts";
import { extractMessages } from "./messages.ts";

const { messages, dynamic } = extractMessages(WEB_SRC);
console.log(`${messages.size} messages in web/src.`);
for (const locale of TRANSLATED_LOCALES) {
  const catalogue = syncCatalogue(locale, readCatalogue(locale), messages.values());
  writeCatalogue(locale, catalogue);
  const missing = Object.values(catalogue).filter((v) => v === "").length;
  const mark = COMPLETE_LOCALES.includes(locale) && missing > 0 ? "  <- must be complete" : "";
  console.log(`${locale}: ${missing} untranslated${mark}`);
}
if (dynamic.length > 0) {
  console.log(`\n${dynamic.length} calls pass a message that is not a literal (not extractable):`);
  for (const ref of dynamic) console.log(`  ${ref}`);
}
