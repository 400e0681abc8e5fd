import { AppError } from "../errors.ts";

/** How many times a read-then-write is tried before its conflict is told. */
const ATTEMPTS = 3;

/**
 * A versioned write refused because the item changed between its read and its write (a 409).
 * Its own class: a conflict a service finds itself (a save based on a stale page) is not retried.
 */
export class LostRaceError extends AppError {
  constructor(type: string) {
    super(409, {
      message: `This ${type} was changed by someone else since you loaded it. Reload it and apply your changes again.`,
    });
  }
}

export const isLostRace = (e: unknown): boolean => e instanceof LostRaceError;

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
