import { cloudCore } from "../runtime/cloud-runtime.ts";

/** The timed function (every minute): runs the scheduled saved queries that are due. */
export async function handler(): Promise<{ ticked: string; started: number }> {
  const core = await cloudCore();
  const started = await core.scheduledQueries.tick();
  return { ticked: new Date().toISOString(), started };
}
