import type { RlsFilterType, RlsPost, RlsPut, RlsRow } from "@strata/contracts";
import { validateSqlExpression } from "@strata/query";
import { notFound, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { type Principal, requirePermission, userId } from "../security/principal.ts";
import type { Entity, MetaStore } from "../store/meta-store.ts";
import { UniqueNames } from "../store/unique-names.ts";

export interface RlsData {
  name: string;
  description: string | null;
  /** Regular: applies to members of `roles`. Base: applies to everyone except members of `roles`. */
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key: string | null;
  clause: string;
}
export type RlsEntity = Entity<RlsData>;
const RLS = "rls";
const nameTaken = () =>
  unprocessable({ name: ["A row level security filter with this name already exists"] });

/**
 * Row-level security (Superset's model): clauses added to every query on a dataset.
 * Clauses with the same group key are ORed, groups are ANDed. Admins manage the rules
 * (can_write on RowLevelSecurity); everyone is subject to them, admins included.
 */
export class RowLevelSecurity {
  /**
   * Rule names are unique, compared exactly (Superset's unique `name` column), held by claims
   * (scope `rls-name`): the list and the rule modal tell rules apart by name.
   */
  private readonly names: UniqueNames<RlsEntity>;

  constructor(
    private readonly meta: MetaStore,
    private readonly datasetExists: (id: number) => Promise<boolean>,
    private readonly allRoles: () => Promise<{ id: number; name: string }[]>,
  ) {
    this.names = new UniqueNames<RlsEntity>(meta, {
      type: RLS,
      scope: "rls-name",
      valueOf: (r) => r.name,
      fold: false,
      taken: nameTaken,
    });
  }

  all(): Promise<RlsEntity[]> {
    return this.meta.list<RlsData>(RLS);
  }

  /** Every rule as the list shows it (the list route checks can_read first). */
  async rows(): Promise<RlsRow[]> {
    return (await this.all()).map((r) => this.row(r));
  }

  row(r: RlsEntity): RlsRow {
    return { ...r, changed_on_delta_humanized: humanizeSince(r.changed_on) };
  }

  async get(p: Principal, id: number): Promise<RlsEntity> {
    requirePermission(p, "can_read", "RowLevelSecurity");
    const rule = await this.meta.get<RlsData>(RLS, id);
    if (!rule) throw notFound("Row level security filter not found");
    return rule;
  }

  private async check(input: RlsPut) {
    if (input.clause !== undefined) {
      try {
        validateSqlExpression(input.clause, { allowSubqueries: false, context: "clause" });
      } catch (e) {
        throw unprocessable({ clause: [(e as Error).message] });
      }
    }
    for (const t of input.tables ?? [])
      if (!(await this.datasetExists(t))) throw unprocessable({ tables: [`Dataset ${t} does not exist`] });
    const roles = new Set((await this.allRoles()).map((r) => r.id));
    for (const r of input.roles ?? [])
      if (!roles.has(r)) throw unprocessable({ roles: [`Role ${r} does not exist`] });
  }

  /** The claim decides races; this list check catches rules written before names were claimed. */
  private async checkName(name: string, exceptId?: number) {
    if ((await this.all()).some((r) => r.name === name && r.id !== exceptId)) throw nameTaken();
  }

  async create(p: Principal, input: RlsPost): Promise<RlsEntity> {
    requirePermission(p, "can_write", "RowLevelSecurity");
    await this.check(input);
    await this.checkName(input.name);
    return this.names.create(input.name, (id) =>
      this.meta.create<RlsData>(
        RLS,
        {
          name: input.name,
          description: input.description ?? null,
          filter_type: input.filter_type ?? "Regular",
          tables: input.tables,
          roles: input.roles ?? [],
          group_key: input.group_key || null,
          clause: input.clause,
        },
        userId(p),
        id,
      ),
    );
  }

  async update(p: Principal, id: number, input: RlsPut): Promise<RlsEntity> {
    requirePermission(p, "can_write", "RowLevelSecurity");
    const rule = await this.get(p, id);
    await this.check(input);
    const name = input.name ?? rule.name;
    if (name !== rule.name) await this.checkName(name, id);
    return this.names.rename(rule, name, () =>
      this.meta.update<RlsData>(
        RLS,
        rule,
        { ...input, group_key: input.group_key === undefined ? rule.group_key : input.group_key || null },
        userId(p),
      ),
    );
  }

  /** Resolves with the rule when `remove` would delete it (bulk delete checks every id first). */
  async checkRemove(p: Principal, id: number): Promise<RlsEntity> {
    requirePermission(p, "can_write", "RowLevelSecurity");
    return this.get(p, id);
  }

  async remove(p: Principal, id: number): Promise<void> {
    const rule = await this.checkRemove(p, id);
    await this.names.remove(rule, () => this.meta.delete(RLS, rule));
  }

  /**
   * The WHERE conditions for this principal on this dataset (empty when no rule applies).
   * A guest is subject to the admin's rules like anyone: it holds the roles its token maps to
   * (GUEST_ROLE_NAME) for Regular rules, is never exempt from a Base rule (exemption is a trust
   * decision about signed-in members, not about whoever holds an embedding token), and its
   * token's own clauses are added on top.
   */
  async clausesFor(p: Principal, datasetId: number): Promise<string[]> {
    const guest = p.guest;
    let mine: Set<number>;
    if (guest) {
      const names = new Set(guest.roles.map((n) => n.toLowerCase()));
      mine = new Set((await this.allRoles()).filter((r) => names.has(r.name.toLowerCase())).map((r) => r.id));
    } else {
      mine = new Set(p.roles.map((r) => r.id));
    }
    const applies = (r: RlsEntity) => {
      if (!r.tables.includes(datasetId)) return false;
      const member = r.roles.some((id) => mine.has(id));
      if (r.filter_type === "Regular") return member;
      return guest ? true : !member;
    };
    const groups = new Map<string, string[]>();
    for (const r of (await this.all()).filter(applies)) {
      const key = r.group_key ?? `__rule_${r.id}`;
      groups.set(key, [...(groups.get(key) ?? []), r.clause]);
    }
    const clauses = [...groups.values()].map((clauses) =>
      clauses.length === 1 ? `(${clauses[0]})` : `(${clauses.map((c) => `(${c})`).join(" OR ")})`,
    );
    // The token's clauses, for one dataset or for all, each ANDed.
    for (const r of guest?.rls ?? [])
      if (r.dataset === undefined || r.dataset === datasetId) clauses.push(`(${r.clause})`);
    return clauses;
  }
}
