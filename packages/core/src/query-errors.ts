import { isQueryValidationError } from "@strata/query";
import { AppError } from "./errors.ts";

/** The query compiler's refusals become 400s in Superset's error shape. */
export function queryErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (isQueryValidationError(e))
      throw new AppError(400, { message: e.message, errors: [e.toSupersetError()] });
    throw e;
  }
}
