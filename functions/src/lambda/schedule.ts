import { cloudCore } from "../runtime/cloud-runtime.ts";
import { pushEventsToSockets } from "../ws/cloud-push.ts";

/**
 * The timed function (every minute): runs the scheduled saved queries that are due, queues the
 * report and alert runs that are due, and ends
 * what faults left behind (lost chart-data jobs, SQL Lab runs whose heartbeat stopped).
 */
export async function handler(): Promise<{
  ticked: string;
  started: number;
  reports: number;
  lostJobs: number;
  interruptedRuns: number;
}> {
  const core = await cloudCore();
  pushEventsToSockets(core); // a lost job's error event reaches its owner's open sockets
  const [started, reports, recovered] = await Promise.all([
    core.scheduledQueries.tick(),
    core.reports.tick(),
    core.recover(),
  ]);
  return { ticked: new Date().toISOString(), started, reports, ...recovered };
}
