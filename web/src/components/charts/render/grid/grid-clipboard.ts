import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";

/** Writes text to the clipboard and says how it went (Superset's wording). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error("no Clipboard API");
    await navigator.clipboard.writeText(text);
    toast.success(t("Copied to clipboard!"));
    return true;
  } catch {
    toast.danger(t("Sorry, your browser does not support copying. Use Ctrl / Cmd + C!"));
    return false;
  }
}
