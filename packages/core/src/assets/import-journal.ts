import { dashboardSlugs } from "../dashboards/unique-slug.ts";
import { DATABASE, type DatabaseEntity } from "../databases/types.ts";
import { databaseNames } from "../databases/unique-name.ts";
import { datasetIdentities, datasetIdentity } from "../datasets/unique-identity.ts";
import type { Entity, EntityMeta, MetaStore } from "../store/meta-store.ts";
import type { UniqueNames } from "../store/unique-names.ts";
import { tagNames } from "./tag-names.ts";

/** The unique-value kinds an import writes (each is a claim item next to its entity). */
export type ClaimRule = "database-name" | "dataset" | "dashboard-slug" | "tag-name";

/**
 * One undo step, stored before the write it undoes (write-ahead), as plain data so another
 * process can run it after this one died.
 * - `created`: delete the entity if it got written and give back the value it claimed.
 * - `updated`: put `before` back if the update happened (the stored version moved on), and give
 *   back the value newly claimed for it if it did not.
 * - `member`: take a set member (a tag on an object) out again.
 */
export type UndoStep =
  | { kind: "created"; type: string; id: number; claim?: { rule: ClaimRule; value: string | null } }
  | {
      kind: "updated";
      type: string;
      before: Entity<Record<string, unknown>>;
      claim?: { rule: ClaimRule; value: string | null };
    }
  | { kind: "member"; set: string; member: string };

interface JournalHead {
  id: number;
  state: "open" | "committed";
  started_at: string;
  /** Milliseconds; refreshed while the import writes, so a live import is never taken for dead. */
  heartbeat: number;
}

const INDEX = "import-journals";
const headKey = (id: number) => `import-journal#${id}`;
const stepsSet = (id: number) => `import-journal-steps#${id}`;
const rollbackLease = (id: number) => `import-journal-rollback#${id}`;
/** How often a writing import refreshes its heartbeat. */
const HEARTBEAT_MS = 10_000;
/**
 * An open journal whose heartbeat is older than this belongs to a process that died mid-import.
 * Every step between heartbeats is bounded (engine look-ups time out after seconds), so a live
 * import is always far younger.
 */
export const STALE_JOURNAL_MS = 2 * 60_000;
/** A rollback holds its lease this long; one that dies is retried by the next sweep after it. */
const ROLLBACK_LEASE_S = 5 * 60;

function claimsFor(meta: MetaStore, rule: ClaimRule): UniqueNames<EntityMeta> {
  const names =
    rule === "database-name"
      ? databaseNames(meta)
      : rule === "dataset"
        ? datasetIdentities(meta, "")
        : rule === "dashboard-slug"
          ? dashboardSlugs(meta)
          : tagNames(meta);
  return names as unknown as UniqueNames<EntityMeta>;
}

/** An entity's own fields, without the store's bookkeeping (for writing them back). */
export function withoutMeta<T extends object>(entity: Entity<T>): T {
  const {
    id: _i,
    version: _v,
    created_on: _c,
    changed_on: _o,
    created_by_fk: _b,
    changed_by_fk: _y,
    ...data
  } = entity;
  return data as unknown as T;
}

/**
 * An import's undo log, kept in the MetaStore. The store has no transactions, so an import is
 * made all-or-nothing by checking everything first (import-plan.ts), then writing in dependency
 * order with each write's undo step stored before the write itself. A failed write rolls back
 * at once; a process that dies mid-import leaves an open journal that the next start, the
 * minute sweep or the next import rolls back (`rollBackUnfinished`). A successful import marks
 * its journal committed (one write) before clearing it, so a crash while clearing never undoes
 * a finished import.
 */
export class ImportJournal {
  private seq = 0;
  private lastBeat = 0;
  private readonly startedAt: string;

  private constructor(
    private readonly meta: MetaStore,
    readonly id: number,
    private readonly now: () => Date,
    private readonly onDatabaseRestored: (db: DatabaseEntity) => void,
  ) {
    this.startedAt = now().toISOString();
  }

  /** Opens a journal (head first, then its index entry) before the import's first write. */
  static async open(
    meta: MetaStore,
    now: () => Date,
    onDatabaseRestored: (db: DatabaseEntity) => void,
  ): Promise<ImportJournal> {
    const id = await meta.nextId("import-journal");
    const journal = new ImportJournal(meta, id, now, onDatabaseRestored);
    await journal.beat("open");
    await meta.addMember(INDEX, String(id));
    return journal;
  }

  private async beat(state: JournalHead["state"]) {
    this.lastBeat = this.now().getTime();
    await this.meta.putValue(headKey(this.id), {
      id: this.id,
      state,
      started_at: this.startedAt,
      heartbeat: this.lastBeat,
    } satisfies JournalHead);
  }

  /** Stores one undo step; call it before the write it undoes. */
  async record(step: UndoStep): Promise<void> {
    this.seq++;
    await this.meta.addMember(stepsSet(this.id), String(this.seq).padStart(8, "0"), step);
    if (this.now().getTime() - this.lastBeat > HEARTBEAT_MS) await this.beat("open");
  }

  /** The import finished: committed first (one write), then the log is cleared. */
  async commit(): Promise<void> {
    await this.beat("committed");
    await clear(this.meta, this.id);
  }

  /** Undoes this import's writes now (a write failed). */
  async rollBack(): Promise<void> {
    await rollBackJournal(this.meta, this.id, this.onDatabaseRestored);
  }
}

async function clear(meta: MetaStore, id: number) {
  for (const { member } of await meta.members(stepsSet(id))) await meta.removeMember(stepsSet(id), member);
  await meta.removeMember(INDEX, String(id));
  await meta.deleteValue(headKey(id));
}

async function undo(meta: MetaStore, step: UndoStep, onDatabaseRestored: (db: DatabaseEntity) => void) {
  if (step.kind === "member") {
    await meta.removeMember(step.set, step.member);
    return;
  }
  const claims = step.claim ? claimsFor(meta, step.claim.rule) : undefined;
  if (step.kind === "created") {
    const latest = await meta.get<object>(step.type, step.id);
    if (latest) {
      if (claims) await claims.remove(latest, () => meta.delete(step.type, latest));
      else await meta.delete(step.type, latest);
    }
    // Claimed but never written (a crash between the two): the claim goes back too.
    if (claims && step.claim?.value != null) await claims.release(step.claim.value, step.id);
    return;
  }
  const { before } = step;
  const latest = await meta.get<Record<string, unknown>>(step.type, before.id);
  if (!latest) return;
  const rule = step.claim?.rule;
  if (latest.version === before.version) {
    // The update never happened: a value claimed for it (never the one the entity holds) goes back.
    const value = step.claim?.value ?? null;
    if (claims && rule && value !== null && !sameValue(rule, heldBy(rule, before), value))
      await claims.release(value, before.id);
    return;
  }
  // Written back as by whoever made the version it restores.
  const write = () => meta.update(step.type, latest, withoutMeta(before), before.changed_by_fk);
  if (claims && rule) await claims.rename(latest as unknown as EntityMeta, heldBy(rule, before), write);
  else await write();
  if (step.type === DATABASE) onDatabaseRestored(latest as unknown as DatabaseEntity);
}

/** The unique value an entity holds under a rule (what each rule's own `valueOf` reads). */
function heldBy(rule: ClaimRule, e: Record<string, unknown>): string | null {
  if (rule === "dataset") return datasetIdentity(e as unknown as Parameters<typeof datasetIdentity>[0]);
  const v = rule === "database-name" ? e.database_name : rule === "dashboard-slug" ? e.slug : e.name;
  return typeof v === "string" ? v : null;
}

const sameValue = (rule: ClaimRule, a: string | null, b: string) =>
  a !== null && (rule === "database-name" ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * Rolls one journal back under a lease (so two processes never both do), newest step first.
 * A step that fails is logged and the journal kept for the next sweep; a committed journal is
 * only cleared.
 */
export async function rollBackJournal(
  meta: MetaStore,
  id: number,
  onDatabaseRestored: (db: DatabaseEntity) => void,
): Promise<boolean> {
  if (!(await meta.countBelow(rollbackLease(id), 1, ROLLBACK_LEASE_S))) return false;
  try {
    const head = await meta.getValue<JournalHead>(headKey(id));
    if (!head) {
      // Cleared by another process just before this one took the lease.
      await meta.removeMember(INDEX, String(id));
      return false;
    }
    if (head.state !== "committed") {
      const steps = (await meta.members(stepsSet(id))).sort((a, b) => b.member.localeCompare(a.member));
      let failed = 0;
      for (const { member, value } of steps) {
        try {
          await undo(meta, value as UndoStep, onDatabaseRestored);
        } catch (e) {
          failed++;
          console.error(`[import] could not undo step ${member} of import journal ${id}:`, e);
        }
      }
      if (failed) return false;
    }
    await clear(meta, id);
    return true;
  } finally {
    await meta.deleteValue(rollbackLease(id));
  }
}

/**
 * Rolls back every import journal left open by a process that died: all of them at a local
 * start (one process per DATA_DIR, so none is live), otherwise those whose heartbeat stopped.
 * Returns how many were rolled back.
 */
export async function rollBackUnfinished(
  meta: MetaStore,
  now: () => Date,
  onDatabaseRestored: (db: DatabaseEntity) => void,
  opts: { all?: boolean } = {},
): Promise<number> {
  let n = 0;
  for (const { member } of await meta.members(INDEX)) {
    const id = Number(member);
    const head = await meta.getValue<JournalHead>(headKey(id));
    const stale =
      opts.all || !head || head.state === "committed" || now().getTime() - head.heartbeat > STALE_JOURNAL_MS;
    if (stale && (await rollBackJournal(meta, id, onDatabaseRestored))) n++;
  }
  return n;
}
