import { useCallback, useState } from "react";
import { useOptionalCurrentUser } from "../../lib/auth/current-user";
import { readRecentVizTypes, rememberVizType } from "./recent-viz-types";

/** The signed-in user's recently used visualisation types, and how to record a choice. */
export function useRecentVizTypes(): { recent: string[]; remember: (key: string) => void } {
  const userId = useOptionalCurrentUser()?.user.id ?? null;
  const [recent, setRecent] = useState(() => readRecentVizTypes(userId));
  const remember = useCallback((key: string) => setRecent(rememberVizType(userId, key)), [userId]);
  return { recent, remember };
}
