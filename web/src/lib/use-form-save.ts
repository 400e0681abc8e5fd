import { useState } from "react";
import { isApiError } from "./api-error";

/**
 * Saving a modal form: busy flag, field messages (the server's `{message: {field: [..]}}` land
 * on their fields) and any other failure to show above the buttons.
 */
export function useFormSave() {
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
      if (isApiError(err) && Object.keys(err.fieldErrors).length) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0]])));
      } else setFailure(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, failure, save };
}
