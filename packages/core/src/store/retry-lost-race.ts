import { AppError } from "../errors.ts";

/** How many times a read-then-write is tried before its conflict is told. */
const ATTEMPTS = 3;

/** A versioned write that failed because the item changed between its read and its write. */
export const isLostRace = (e: unknown): boolean => e instanceof AppError && e.status === 409;

/**
 * Runs `attempt` (which reads the item and writes it under its version) again when it lost a
 * race, so a change that names no version is applied to the latest copy: a report being edited
 * while its run notes its state, or two bookkeeping writes at once, both land. After the last try
 * the conflict is the caller's.
 */
export async function retryLostRace<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (i >= ATTEMPTS || !isLostRace(e)) throw e;
    }
  }
}
