import { type Dispatch, type RefObject, useEffect } from "react";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { fetchSavedQuery } from "./api/saved-query";
import { editorsOf, makeEditor, type SqlLabAction, type SqlLabState } from "./model/editor-state";

/** `?savedQueryId=N` shows the tab of that saved query, opening it in a new tab unless one shows it already. */
export function useSavedQueryTab(
  savedQueryId: number | null,
  loaded: boolean,
  stateRef: RefObject<SqlLabState>,
  dispatch: Dispatch<SqlLabAction>,
) {
  useEffect(() => {
    if (!loaded || !savedQueryId) return;
    const open = editorsOf(stateRef.current).find((e) => e.remoteId === savedQueryId);
    if (open) {
      dispatch({ type: "setActive", id: open.id });
      return;
    }
    fetchSavedQuery(savedQueryId)
      .then((sq) =>
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
        }),
      )
      .catch(() => toast.danger(t("The query couldn't be loaded")));
  }, [loaded, savedQueryId, stateRef, dispatch]);
}
