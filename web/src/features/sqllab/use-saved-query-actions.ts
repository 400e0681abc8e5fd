import { useState } from "react";
import { paths } from "../../config/paths";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { createSqlLabPermalink } from "./api/create-permalink";
import { createSavedQuery } from "./api/create-saved-query";
import { updateSavedQuery } from "./api/update-saved-query";
import type { QueryEditor } from "./model/types";

/**
 * What the SQL Lab toolbar does with the tab beyond running it: save it as a saved query (new or update),
 * copy the saved query's link, and share the tab as a permalink. `shareUrl` is the permalink to show
 * when it could not be copied (null otherwise); `closeShareUrl` hides it.
 */
export function useSavedQueryActions(editor: QueryEditor, onChange: (patch: Partial<QueryEditor>) => void) {
  const [shareUrl, setShareUrl] = useState<string | null>(null);

  /** Saves the tab as a new saved query, or updates the one it came from; rethrows so the modal stays open. */
  const save = async (label: string, description: string, mode: "new" | "update") => {
    const body = {
      label,
      description,
      db_id: editor.dbId,
      schema: editor.schema,
      catalog: editor.catalog,
      sql: editor.sql,
      template_parameters: editor.templateParams,
    };
    if (mode === "update" && editor.remoteId) {
      try {
        await updateSavedQuery(editor.remoteId, body);
        onChange({ name: label });
        toast.success(t("Your query was updated"));
      } catch (e) {
        toast.danger(t("Your query could not be updated"));
        throw e;
      }
      return;
    }
    try {
      const res = await createSavedQuery(body);
      onChange({ name: label, remoteId: res.id });
      toast.success(t("Your query was saved"));
    } catch (e) {
      toast.danger(t("Your query could not be saved"));
      throw e;
    }
  };

  /** Copies the link of the saved query the tab came from (shown in a toast when copying fails). */
  const copyLink = async () => {
    if (!editor.remoteId) return;
    const url = `${window.location.origin}${paths.sqllab}?savedQueryId=${editor.remoteId}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("Link Copied!"));
    } catch {
      toast.info(url);
    }
  };

  /** 002: stores the tab as a permalink and copies its url ('Link Copied!'), or shows it when copying is unsupported. */
  const shareLink = async () => {
    let url: string;
    try {
      ({ url } = await createSqlLabPermalink({
        dbId: editor.dbId,
        sql: editor.sql,
        name: editor.name,
        schema: editor.schema,
        catalog: editor.catalog,
        autorun: editor.autorun,
        templateParams: editor.templateParams || undefined,
      }));
    } catch {
      toast.danger(t("The link couldn't be created"));
      return;
    }
    if (!navigator.clipboard?.writeText) {
      setShareUrl(url);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("Link Copied!"));
    } catch {
      setShareUrl(url);
    }
  };

  return { save, copyLink, shareLink, shareUrl, closeShareUrl: () => setShareUrl(null) };
}
