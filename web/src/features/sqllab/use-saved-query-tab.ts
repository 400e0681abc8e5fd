import { type Dispatch, type RefObject, useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { savedQueryKey, useSavedQuery } from "./api/saved-query";
import { editorsOf, makeEditor, type SqlLabAction, type SqlLabState } from "./model/editor-state";

/** `?savedQueryId=N` shows the tab of that saved query, opening it in a new tab unless one shows it already. */
export function useSavedQueryTab(
  savedQueryId: number | null,
  loaded: boolean,
  stateRef: RefObject<SqlLabState>,
  dispatch: Dispatch<SqlLabAction>,
) {
  // The saved query to read and open (none while a tab shows it already).
  const [reading, setReading] = useState<number | null>(null);
  const saved = useSavedQuery(reading);
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (!loaded || !savedQueryId) return;
    const open = editorsOf(stateRef.current).find((e) => e.remoteId === savedQueryId);
    if (open) dispatch({ type: "setActive", id: open.id });
    else {
      // The tab opens the query as stored now (it may have been edited since it was last read).
      void mutate(savedQueryKey(savedQueryId), undefined, { revalidate: false });
      setReading(savedQueryId);
    }
  }, [loaded, savedQueryId, stateRef, dispatch, mutate]);

  useEffect(() => {
    if (reading === null || (!saved.data && !saved.error)) return;
    setReading(null);
    const sq = saved.data;
    if (!sq) {
      toast.danger(t("The query couldn't be loaded"));
      return;
    }
    dispatch({
      type: "addEditor",
      editor: makeEditor(editorsOf(stateRef.current), {
        name: sq.label,
        sql: sq.sql,
        dbId: sq.db_id,
        schema: sq.schema ?? null,
        catalog: sq.catalog ?? null,
        templateParams: sq.template_parameters ?? "",
        remoteId: sq.id,
      }),
    });
  }, [reading, saved.data, saved.error, stateRef, dispatch]);
}
