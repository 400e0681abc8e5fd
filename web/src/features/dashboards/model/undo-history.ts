import { t, translatable } from "../../../lib/i18n";

/** Layout history: past / present / future (001 §4); the undo slot limit is the past length. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

export const UNDO_LIMIT = 50;

export const UNDO_EXHAUSTED_MESSAGE = translatable(
  "You have used all %(historyLength)s undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.",
);

export function undoExhaustedMessage(historyLength: number): string {
  return t(UNDO_EXHAUSTED_MESSAGE, { historyLength });
}

export const createHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** Records a new present; the oldest past entries fall off beyond the limit; redo is lost. */
export function record<T>(history: History<T>, next: T, limit = UNDO_LIMIT): History<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: next, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  if (!history.past.length) return history;
  const past = history.past.slice(0, -1);
  return {
    past,
    present: history.past[history.past.length - 1],
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  if (!history.future.length) return history;
  const [next, ...future] = history.future;
  return { past: [...history.past, history.present], present: next, future };
}

/** After a save: the saved state is the only one. */
export const clearHistory = <T>(history: History<T>): History<T> => createHistory(history.present);

/** Every undo slot is used: older steps are being dropped. */
export const isHistoryExhausted = <T>(history: History<T>, limit = UNDO_LIMIT) =>
  history.past.length >= limit;
