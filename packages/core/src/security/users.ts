import type { UserPost, UserPut } from "@strata/contracts";
import { badRequest, notFound, unauthorized, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { hashPassword } from "./passwords.ts";
import { type Principal, requirePermission, userId } from "./principal.ts";
import { ROLE, type RoleData, USER, type UserData, type UserEntity } from "./types.ts";

export type { UserPost, UserPut };

/** The public face of a user: never the password hash. */
export function userRow(u: UserEntity, roleNames: Map<number, string>) {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    active: u.active,
    roles: u.roles.filter((r) => roleNames.has(r)).map((r) => ({ id: r, name: roleNames.get(r)! })),
    login_count: u.login_count ?? 0,
    last_login: u.last_login ?? null,
    created_on: u.created_on,
    changed_on: u.changed_on,
    changed_on_delta_humanized: humanizeSince(u.changed_on),
  };
}

export const ownerRef = (u: UserEntity | undefined) =>
  u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null;

/** Users administration (Admin: can_write on User). */
export class Users {
  constructor(private readonly meta: MetaStore) {}

  all(): Promise<UserEntity[]> {
    return this.meta.list<UserData>(USER);
  }

  async byIds(ids: number[]): Promise<Map<number, UserEntity>> {
    const users = await this.meta.getMany<UserData>(USER, ids);
    return new Map(users.map((u) => [u.id, u]));
  }

  async get(id: number): Promise<UserEntity> {
    const user = await this.meta.get<UserData>(USER, id);
    if (!user) throw notFound("User not found");
    return user;
  }

  /**
   * Where a user's avatar image is (`GET /api/v1/user/{id}/avatar.png`): any signed-in user may
   * ask, as owner avatars appear on every list. Strata keeps no avatar images and fetches none
   * from Slack, so a known user has none (the route answers 204, as Superset does without one)
   * and clients draw initials; an unknown id is a 404.
   */
  async avatarUrl(p: Principal, id: number): Promise<string | null> {
    if (!p.user) throw unauthorized();
    await this.get(id);
    return null;
  }

  async roleNames(): Promise<Map<number, string>> {
    const roles = await this.meta.list<RoleData>(ROLE);
    return new Map(roles.map((r) => [r.id, r.name]));
  }

  /** Whether a live user still has this username (else its claim is stale). */
  private async holds(owner: number, username: string): Promise<boolean> {
    const user = await this.meta.get<UserData>(USER, owner);
    return user?.username.toLowerCase() === username.toLowerCase();
  }

  private async checkRoles(ids: number[]) {
    const names = await this.roleNames();
    const unknown = ids.filter((id) => !names.has(id));
    if (unknown.length) throw unprocessable({ roles: [`Unknown role ids: ${unknown.join(", ")}`] });
  }

  /** Creates a user; used by the API (with a principal) and by first-start bootstrap (without). */
  async create(p: Principal | null, body: UserPost): Promise<UserEntity> {
    if (p) requirePermission(p, "can_write", "User");
    await this.checkRoles(body.roles);
    const id = await this.meta.nextId(USER);
    // Claim the username first: a crash afterwards leaves a claim that a later create takes over.
    const claimed = await this.meta.claimUnique("username", body.username, id, (owner) =>
      this.holds(owner, body.username),
    );
    if (!claimed) throw unprocessable({ username: ["A user with this username already exists"] });
    const user = await this.meta.create<UserData>(
      USER,
      {
        username: body.username,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        active: body.active ?? true,
        password_hash: await hashPassword(body.password),
        roles: body.roles,
        login_count: 0,
        fail_login_count: 0,
        last_login: null,
      },
      p ? userId(p) : null,
      id,
    );
    return user;
  }

  async update(p: Principal, id: number, body: UserPut): Promise<UserEntity> {
    requirePermission(p, "can_write", "User");
    const user = await this.get(id);
    if (body.roles) await this.checkRoles(body.roles);
    if (p.user?.id === id && body.active === false) throw badRequest("You cannot deactivate yourself");
    const renamed = body.username && body.username.toLowerCase() !== user.username.toLowerCase();
    if (renamed) {
      const claimed = await this.meta.claimUnique("username", body.username!, id, (owner) =>
        this.holds(owner, body.username!),
      );
      if (!claimed) throw unprocessable({ username: ["A user with this username already exists"] });
    }
    const { password, ...rest } = body;
    const changes: Partial<UserData> = { ...rest };
    if (password) {
      changes.password_hash = await hashPassword(password);
      // A reset password signs the user out everywhere (an admin resets it for a reason).
      changes.token_version = (user.token_version ?? 0) + 1;
    }
    const saved = await this.meta.update<UserData>(USER, user, changes, userId(p));
    if (renamed) await this.meta.releaseUnique("username", user.username, id);
    return saved;
  }

  /**
   * Resolves with the user when `remove` would delete them: every rule `remove` applies, so a
   * bulk delete checks all its ids first and deletes all of them or none.
   */
  async checkRemove(p: Principal, id: number): Promise<UserEntity> {
    requirePermission(p, "can_write", "User");
    if (p.user?.id === id) throw badRequest("You cannot delete yourself");
    return this.get(id);
  }

  async remove(p: Principal, id: number): Promise<void> {
    const user = await this.checkRemove(p, id);
    await this.meta.delete(USER, user);
    await this.meta.releaseUnique("username", user.username, id);
  }
}
