import { t } from "../../../lib/i18n";

/** 002 §9 naming constants. */
export const UNTITLED_QUERY = "Untitled Query";
export const SHARED_QUERY = "Shared query";
export const TAB_LABEL_MAX = 20;

const UNTITLED_RE = /^Untitled Query (\d+)$/;

/** A tab name counts as default when it matches 'Untitled Query N' (002 §5). */
export function isDefaultTabName(name: string): boolean {
  return UNTITLED_RE.test(name);
}

/** 'Untitled Query N' with N one above the highest existing number (002 §2). */
export function nextUntitledName(names: string[]): string {
  let max = 0;
  for (const name of names) {
    const m = UNTITLED_RE.exec(name);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return t("Untitled Query %s", max + 1);
}

/** 'Copy of %s'. */
export function copyTabName(name: string): string {
  return t("Copy of %s", name);
}

/** Names longer than 20 characters are shortened with an ellipsis in tag labels (002 §5). */
export function shortTabLabel(name: string): string {
  return name.length > TAB_LABEL_MAX ? `${name.slice(0, TAB_LABEL_MAX)}…` : name;
}
