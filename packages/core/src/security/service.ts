import { randomUUID } from "node:crypto";
import { AppError, badRequest, unauthorized, unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { csrfTokenFor, signToken, type TokenClaims, TokenVerifier } from "./jwt.ts";
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, LoginThrottle } from "./login-throttle.ts";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { type Principal, principalOf } from "./principal.ts";
import { ROLE, type RoleData, type RoleEntity, USER, type UserData, type UserEntity } from "./types.ts";

const SESSION_TTL = 7 * 24 * 3600;
const ACCESS_TTL = 15 * 60;
const REFRESH_TTL = 30 * 24 * 3600;

/** A token is good only while the user's token version is the one it was issued under. */
const current = (claims: TokenClaims, user: UserEntity) => (claims.tv ?? 0) === tokenVersion(user);
const tokenVersion = (user: UserEntity) => user.token_version ?? 0;

/** Authentication (sessions, API tokens) and who-is-calling resolution. */
export class SecurityService {
  private readonly throttle: LoginThrottle;
  private readonly tokens: TokenVerifier;

  constructor(
    private readonly meta: MetaStore,
    private readonly secret: string,
    loginLimits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    this.throttle = new LoginThrottle(meta, loginLimits);
    this.tokens = new TokenVerifier(secret);
  }

  /**
   * Every role, frozen and shared by all requests (read on each one); the store's metadata cache
   * serves it (a role write is seen at once here, within 1 s elsewhere).
   */
  roles(): Promise<readonly RoleEntity[]> {
    return this.meta.listShared<RoleData>(ROLE);
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

  /**
   * Checks a password from a client address (see LoginThrottle): each check takes a try first,
   * so an address that used up its tries gets no more checks, while other addresses still can.
   */
  async authenticate(username: string, password: string, client: string): Promise<UserEntity> {
    const user = await this.checkPassword(username, password, client);
    if (!user) throw unauthorized("Invalid login. Please try again.");
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

  /** The throttled check itself: the user, or nothing for a wrong password, an unknown or inactive user. */
  private async checkPassword(
    username: string,
    password: string,
    client: string,
  ): Promise<UserEntity | undefined> {
    if (!(await this.throttle.take(username, client))) {
      throw unauthorized("Too many failed logins from your address. Wait a few minutes and try again.");
    }
    const user = await this.findUserByUsername(username);
    // An unknown user costs the same hash check as a known one (no enumeration by timing).
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!ok || !user?.active) return undefined;
    await this.throttle.succeeded(username, client);
    return user;
  }

  /**
   * A user changing their own password (the current one is checked, throttled like a login).
   * Bumping the token version signs out every session and token issued before.
   */
  async changeOwnPassword(
    user: UserEntity,
    currentPassword: string,
    newPassword: string,
    client: string,
  ): Promise<UserEntity> {
    let ok: UserEntity | undefined;
    try {
      ok = await this.checkPassword(user.username, currentPassword, client);
    } catch (e) {
      // Not a 401 here: the caller is logged in, and the SPA treats 401 as "log in again".
      if (e instanceof AppError && e.status === 401) throw new AppError(429, e.body);
      throw e;
    }
    if (!ok) throw unprocessable({ current_password: ["The current password is not right."] });
    const fresh = await this.meta.get<UserData>(USER, user.id);
    if (!fresh) throw unauthorized();
    return this.meta.update<UserData>(
      USER,
      fresh,
      { password_hash: await hashPassword(newPassword), token_version: tokenVersion(fresh) + 1 },
      user.id,
    );
  }

  /** A cookie session: a signed token naming a server-side session record (so logout revokes it). */
  async startSession(user: UserEntity): Promise<{ token: string; csrf: string; maxAge: number }> {
    const sid = randomUUID();
    await this.meta.putValue(`session#${sid}`, user.id, { ttlSeconds: SESSION_TTL });
    const token = signToken(
      this.secret,
      { sub: user.id, typ: "session", sid, tv: tokenVersion(user) },
      SESSION_TTL,
    );
    return { token, csrf: csrfTokenFor(this.secret, sid), maxAge: SESSION_TTL };
  }

  async endSession(token: string): Promise<void> {
    const claims = this.tokens.verify(token);
    if (claims?.sid) await this.meta.deleteValue(`session#${claims.sid}`);
  }

  /** Resolves a session cookie to a user and its session id, or nothing. */
  async resolveSession(token: string): Promise<{ user: UserEntity; sid: string } | undefined> {
    const claims = this.tokens.verify(token);
    if (claims?.typ !== "session" || !claims.sid) return undefined;
    const [owner, user] = await Promise.all([
      this.meta.getValue<number>(`session#${claims.sid}`),
      this.meta.getShared<UserData>(USER, claims.sub),
    ]);
    if (owner !== claims.sub || !user?.active || !current(claims, user)) return undefined;
    return { user, sid: claims.sid };
  }

  /** Bearer tokens for API clients (`/api/v1/security/login`). */
  issueTokens(user: UserEntity, refresh: boolean) {
    const tv = tokenVersion(user);
    return {
      access_token: signToken(this.secret, { sub: user.id, typ: "access", tv }, ACCESS_TTL),
      ...(refresh
        ? { refresh_token: signToken(this.secret, { sub: user.id, typ: "refresh", tv }, REFRESH_TTL) }
        : {}),
    };
  }

  async resolveBearer(token: string, typ: "access" | "refresh" = "access"): Promise<UserEntity | undefined> {
    const claims = this.tokens.verify(token);
    if (!claims || claims.typ !== typ) return undefined;
    // The caller's user, shared and frozen: read on every request, never changed by one.
    const user = await this.meta.getShared<UserData>(USER, claims.sub);
    return user?.active && current(claims, user) ? user : undefined;
  }

  csrfToken(sid: string): string {
    return csrfTokenFor(this.secret, sid);
  }

  /**
   * Superset's client asks for a CSRF token before anything else, with its Bearer token too.
   * Bearer requests are never CSRF-checked, so this value is only an answer; it is bound to the
   * user and token version under a prefix no session id has, so it can't pass for a session's.
   */
  bearerCsrfToken(user: UserEntity): string {
    return csrfTokenFor(this.secret, `bearer:${user.id}:${tokenVersion(user)}`);
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
