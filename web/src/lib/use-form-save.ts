import { useCallback, useState } from "react";
import { errorMessage, isApiError } from "./api-error";

export interface FormSaveOptions {
  /** Server messages on fields (`{message: {field: [..]}}`) land on those fields; false: above the buttons. */
  fieldMessages?: boolean;
  /** What a 403 says instead of the server's message (e.g. "You do not have permission to edit this dashboard"). */
  forbidden?: string;
  /** Also reports a failure elsewhere (a toast); it is kept for the form to show all the same. */
  onFailure?: (error: unknown) => void;
}

/**
 * Saving a modal form: busy flag, messages found before saving (by field, or by item for a form
 * editing several things at once: `E` is then each item's own field messages), and any other
 * failure to show above the buttons, as text (`message`) in an alert the user may close
 * (`dismiss`).
 */
export function useFormSave<E = string>({
  fieldMessages = true,
  forbidden,
  onFailure,
}: FormSaveOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, E>>({});
  const [failure, setFailure] = useState<unknown>(null);

  /** Runs the save unless `found` has messages; resolves true when it succeeded. */
  const save = async (found: Record<string, E>, work: () => Promise<unknown>): Promise<boolean> => {
    setErrors(found);
    if (Object.keys(found).length) return false;
    setBusy(true);
    setFailure(null);
    try {
      await work();
      return true;
    } catch (err) {
      if (fieldMessages && isApiError(err) && Object.keys(err.fieldErrors).length) {
        // Server messages are one text per field: only forms whose messages are texts ask for them.
        const byField = Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0]]);
        setErrors(Object.fromEntries(byField) as Record<string, E>);
      } else {
        setFailure(err);
        onFailure?.(err);
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** A failure found before saving that belongs to no field (shown like a server failure). */
  const fail = useCallback((text: string) => {
    setErrors({});
    setFailure(new Error(text));
  }, []);

  /** Closes the failure's alert. */
  const dismiss = useCallback(() => setFailure(null), []);

  /** Forgets the messages (the form is shown afresh). */
  const reset = useCallback(() => {
    setErrors({});
    setFailure(null);
  }, []);

  const message =
    failure == null
      ? null
      : forbidden !== undefined && isApiError(failure) && failure.status === 403
        ? forbidden
        : errorMessage(failure);
  return { busy, errors, setErrors, failure, message, save, fail, dismiss, reset };
}
