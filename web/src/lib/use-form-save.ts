import { useState } from "react";
import { isApiError } from "./api-error";

/**
 * Saving a modal form: busy flag, field messages (the server's `{message: {field: [..]}}` land
 * on their fields) and any other failure to show above the buttons. A form without messages on
 * its fields (`fieldMessages: false`) shows every server failure above the buttons.
 */
export function useFormSave({ fieldMessages = true }: { fieldMessages?: boolean } = {}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);

  /** Runs the save unless `found` has messages; resolves true when it succeeded. */
  const save = async (found: Record<string, string>, work: () => Promise<unknown>): Promise<boolean> => {
    setErrors(found);
    if (Object.keys(found).length) return false;
    setBusy(true);
    setFailure(null);
    try {
      await work();
      return true;
    } catch (err) {
      if (fieldMessages && isApiError(err) && Object.keys(err.fieldErrors).length) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0]])));
      } else setFailure(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Forgets the messages (the form is shown afresh). */
  const reset = () => {
    setErrors({});
    setFailure(null);
  };
  return { busy, errors, failure, save, reset };
}
