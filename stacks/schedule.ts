import { Cron, type StackContext, use } from "sst/constructs";
import { Athena } from "./athena.ts";
import { grantSocketPush } from "./async-events-socket.ts";
import { lambda, retentionEnvironment, runtimeEnvironment, settingsEnvironment } from "./defaults.ts";
import { Jobs } from "./queue.ts";
import { Storage } from "./storage.ts";

/** Minute tick: queues due saved queries and reports, recovers from faults, prunes old history. */
export function Schedule({ stack }: StackContext) {
  const { table, bucket, secret } = use(Storage);
  const { workgroup } = use(Athena);
  const { queue, eventsSocket } = use(Jobs);

  const tick = lambda(stack, "Scheduler", {
    handler: "functions/src/lambda/schedule.handler",
    timeout: 50, // below the 1-minute period, so ticks never overlap
    environment: {
      ...runtimeEnvironment({ table, bucket, secret, workgroup, queue }),
      ...settingsEnvironment(process.env),
      ...retentionEnvironment(process.env),
    },
  });
  table.grantReadWriteData(tick); // reads schedules, records last evaluation
  queue.grantSendMessages(tick);
  // The sweeper ends lost jobs as error events: they reach open sockets like the worker's.
  grantSocketPush(stack, eventsSocket, tick);

  new Cron(stack, "EveryMinute", { schedule: "rate(1 minute)", job: tick });
  return { tick };
}
