import { cloudCore } from "../runtime/cloud-runtime.ts";

/**
 * The timed function (every minute). Reports (a later feature) register due-work finders in
 * the core; with none registered, the tick only verifies that the core can start.
 */
export async function handler(): Promise<{ ticked: string }> {
  await cloudCore();
  return { ticked: new Date().toISOString() };
}
