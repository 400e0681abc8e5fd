import { randomUUID } from "node:crypto";
import { badRequest, unauthorized } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { csrfTokenFor, signToken, verifyToken } from "./jwt.ts";
import { verifyPassword } from "./passwords.ts";
import { type Principal, principalOf } from "./principal.ts";
import { ROLE, type RoleData, type RoleEntity, USER, type UserData, type UserEntity } from "./types.ts";

const SESSION_TTL = 7 * 24 * 3600;
const ACCESS_TTL = 15 * 60;
const REFRESH_TTL = 30 * 24 * 3600;
const ROLE_CACHE_MS = 2000;
const MAX_FAILED_LOGINS = 10;
const LOCKOUT_SECONDS = 300;

/** Authentication (sessions, API tokens) and who-is-calling resolution. */
export class SecurityService {
  private roleCache: { at: number; roles: RoleEntity[] } | undefined;

  constructor(
    private readonly meta: MetaStore,
    private readonly secret: string,
  ) {}

  async roles(): Promise<RoleEntity[]> {
    const now = Date.now();
    if (this.roleCache && now - this.roleCache.at < ROLE_CACHE_MS) return this.roleCache.roles;
    const roles = await this.meta.list<RoleData>(ROLE);
    this.roleCache = { at: now, roles };
    return roles;
  }

  forgetRoles(): void {
    this.roleCache = undefined;
  }

  async principalFor(user: UserEntity | null): Promise<Principal> {
    const all = await this.roles();
    if (!user)
      return principalOf(
        null,
        all.filter((r) => r.name === "Public"),
      );
    return principalOf(
      user,
      all.filter((r) => user.roles.includes(r.id)),
    );
  }

  async anonymous(): Promise<Principal> {
    return this.principalFor(null);
  }

  async findUserByUsername(username: string): Promise<UserEntity | undefined> {
    const id = await this.meta.uniqueOwner("username", username);
    if (id === undefined) return undefined;
    const user = await this.meta.get<UserData>(USER, id);
    return user && user.username.toLowerCase() === username.toLowerCase() ? user : undefined;
  }

  /** Checks a password; repeated failures lock the account for a while (login rate limit). */
  async authenticate(username: string, password: string): Promise<UserEntity> {
    const invalid = () => unauthorized("Invalid login. Please try again.");
    const lockKey = `login-lock#${username.toLowerCase()}`;
    const failures = (await this.meta.getValue<number>(lockKey)) ?? 0;
    if (failures >= MAX_FAILED_LOGINS) {
      throw unauthorized("Too many failed logins. Wait a few minutes and try again.");
    }
    const user = await this.findUserByUsername(username);
    const ok = user?.active && (await verifyPassword(password, user.password_hash));
    if (!user || !ok) {
      await this.meta.putValue(lockKey, failures + 1, { ttlSeconds: LOCKOUT_SECONDS });
      throw invalid();
    }
    if (failures) await this.meta.deleteValue(lockKey);
    return this.meta
      .update<UserData>(
        USER,
        user,
        {
          login_count: (user.login_count ?? 0) + 1,
          last_login: new Date().toISOString(),
        },
        user.id,
      )
      .catch(() => user);
  }

  /** A cookie session: a signed token naming a server-side session record (so logout revokes it). */
  async startSession(user: UserEntity): Promise<{ token: string; csrf: string; maxAge: number }> {
    const sid = randomUUID();
    await this.meta.putValue(`session#${sid}`, user.id, { ttlSeconds: SESSION_TTL });
    const token = signToken(this.secret, { sub: user.id, typ: "session", sid }, SESSION_TTL);
    return { token, csrf: csrfTokenFor(this.secret, sid), maxAge: SESSION_TTL };
  }

  async endSession(token: string): Promise<void> {
    const claims = verifyToken(this.secret, token);
    if (claims?.sid) await this.meta.deleteValue(`session#${claims.sid}`);
  }

  /** Resolves a session cookie to a user and its session id, or nothing. */
  async resolveSession(token: string): Promise<{ user: UserEntity; sid: string } | undefined> {
    const claims = verifyToken(this.secret, token);
    if (claims?.typ !== "session" || !claims.sid) return undefined;
    const [owner, user] = await Promise.all([
      this.meta.getValue<number>(`session#${claims.sid}`),
      this.meta.get<UserData>(USER, claims.sub),
    ]);
    if (owner !== claims.sub) return undefined;
    return user?.active ? { user, sid: claims.sid } : undefined;
  }

  /** Bearer tokens for API clients (`/api/v1/security/login`). */
  issueTokens(user: UserEntity, refresh: boolean) {
    return {
      access_token: signToken(this.secret, { sub: user.id, typ: "access" }, ACCESS_TTL),
      ...(refresh
        ? { refresh_token: signToken(this.secret, { sub: user.id, typ: "refresh" }, REFRESH_TTL) }
        : {}),
    };
  }

  async resolveBearer(token: string, typ: "access" | "refresh" = "access"): Promise<UserEntity | undefined> {
    const claims = verifyToken(this.secret, token);
    if (!claims || claims.typ !== typ) return undefined;
    const user = await this.meta.get<UserData>(USER, claims.sub);
    return user?.active ? user : undefined;
  }

  csrfToken(sid: string): string {
    return csrfTokenFor(this.secret, sid);
  }

  async refresh(refreshToken: string) {
    const user = await this.resolveBearer(refreshToken, "refresh");
    if (!user) throw unauthorized("The refresh token is invalid or expired; log in again.");
    return { access_token: this.issueTokens(user, false).access_token };
  }

  requireSecret(): void {
    if (!this.secret || this.secret.length < 32)
      throw badRequest("A signing secret of at least 32 characters is required");
  }
}
