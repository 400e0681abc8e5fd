import { Menu, Text, UnstyledButton } from "@mantine/core";
import { LANGUAGES, type Locale } from "@strata/contracts";
import { IconCheck } from "@tabler/icons-react";
import { activeLocale, t } from "../lib/i18n";

/** A country's flag as emoji: its two letters as regional indicator symbols ("fr" → 🇫🇷). */
function flagEmoji(country: string): string {
  return String.fromCodePoint(...[...country.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

/**
 * Superset's language menu: the current language's flag, opening the list of every UI language.
 * Choosing one goes through `/lang/<locale>`, which remembers it (a cookie the page's bootstrap
 * reads) and brings the browser back to this page, now rendered in that language.
 */
export function LanguagePicker() {
  const current = activeLocale();
  const locales = Object.keys(LANGUAGES) as Locale[];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t("Language")} data-test="language-picker" px={6}>
          <Text span size="lg" lh={1}>
            {flagEmoji(LANGUAGES[current].flag)}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("Languages")}</Menu.Label>
        {locales.map((locale) => (
          <Menu.Item
            key={locale}
            component="a"
            href={`/lang/${locale}`}
            lang={locale.replace("_", "-")}
            leftSection={<span aria-hidden>{flagEmoji(LANGUAGES[locale].flag)}</span>}
            rightSection={
              locale === current ? <IconCheck size={14} aria-label={t("Current language")} /> : null
            }
            data-test={`language-${locale}`}
          >
            {LANGUAGES[locale].name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
