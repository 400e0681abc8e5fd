import { type CoreDeps, createCore } from "../core.ts";
import type { Principal } from "../security/principal.ts";
import { USER, type UserData } from "../security/types.ts";
import { type JobQueue, processBatch } from "../store/job-queue.ts";
import { MemoryJobQueue } from "../store/memory-job-queue.ts";
import { MemoryMetaStore } from "../store/memory-meta-store.ts";
import { MemoryResultStore } from "../store/memory-result-store.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { ResultStore } from "../store/result-store.ts";

/**
 * The domain's services are typed against the AWS-backed store classes; a memory store provides
 * every public member of those (checked here, bar the table/bucket/queue names), so it stands in.
 */
export const asMetaStore = (meta: MemoryMetaStore) =>
  meta satisfies Omit<MetaStore, "table"> as unknown as MetaStore;
export const asResultStore = (results: MemoryResultStore) =>
  results satisfies Omit<ResultStore, "bucket"> as unknown as ResultStore;
const asJobQueue = (jobs: MemoryJobQueue) => jobs satisfies Omit<JobQueue, "queueUrl"> as unknown as JobQueue;

/**
 * The domain over in-memory ports, for tests that check a rule in milliseconds: no stand-ins,
 * no HTTP. An `admin` principal is ready; `userWithRoles` adds more.
 */
export async function startMemoryCore(
  opts: { now?: () => Date; features?: CoreDeps["features"]; engineFactory?: CoreDeps["engineFactory"] } = {},
) {
  const meta = new MemoryMetaStore(opts.now);
  const results = new MemoryResultStore();
  const jobs = new MemoryJobQueue({ now: opts.now ? () => opts.now!().getTime() : undefined });
  const core = createCore({
    meta: asMetaStore(meta),
    results: asResultStore(results),
    jobs: asJobQueue(jobs),
    secret: "memory-core-signing-secret-of-enough-length",
    engineFactory:
      opts.engineFactory ??
      (() => {
        throw new Error("This test core has no database engines.");
      }),
    engines: { region: "us-east-1" },
    features: opts.features,
  });
  await core.roles.ensureBuiltins();

  /**
   * Adds an active user with the named built-in roles, under its claimed username, and returns
   * the principal its requests act as. The user has no usable password (hashing one costs more
   * than most rules take to check): a test that logs in creates its user through `core.users`.
   */
  async function userWithRoles(username: string, roleNames: string[]): Promise<Principal> {
    const roles = (await core.roles.all()).filter((r) => roleNames.includes(r.name)).map((r) => r.id);
    const id = await meta.nextId(USER);
    if (!(await meta.claimUnique("username", username, id, async () => true)))
      throw new Error(`The username ${username} is taken.`);
    const user = await meta.create<UserData>(
      USER,
      {
        username,
        first_name: username,
        last_name: "Tester",
        email: `${username}@example.com`,
        active: true,
        password_hash: "none",
        roles,
        login_count: 0,
        fail_login_count: 0,
        last_login: null,
      },
      null,
      id,
    );
    return core.security.principalFor(user);
  }

  const admin = await userWithRoles("admin", ["Admin"]);
  return {
    core,
    meta,
    results,
    jobs,
    admin,
    userWithRoles,
    /** Runs every job queued so far through the core's handlers, as the worker would. */
    async drainJobs() {
      for (;;) {
        const records = await jobs.receive(0);
        if (records.length === 0) return;
        const { batchItemFailures } = await processBatch(records, core.jobHandlers, () => {}, core.jobGiveUp);
        const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
        await Promise.all(records.filter((r) => !failed.has(r.messageId)).map((r) => jobs.ack(r)));
      }
    },
  };
}

export type MemoryCore = Awaited<ReturnType<typeof startMemoryCore>>;
