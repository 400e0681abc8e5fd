import { cloudCore } from "../runtime/cloud-runtime.ts";
import { pushEventsToSockets } from "../ws/cloud-push.ts";

/**
 * The timed function (every minute): runs the scheduled saved queries that are due, queues the
 * report and alert runs that are due, ends what faults left behind (lost chart-data jobs, SQL Lab
 * runs whose heartbeat stopped), and prunes the event log and query history past their retention.
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
    core.retention.tick(),
  ]);
  return { ticked: new Date().toISOString(), started, reports, ...recovered };
}
