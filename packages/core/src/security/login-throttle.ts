import type { MetaStore } from "../store/meta-store.ts";

export interface LoginLimits {
  /** Tries one client address gets at one account per window. */
  perAccountAndClient: number;
  /** Tries one client address gets across all accounts per window (password spraying). */
  perClient: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccountAndClient: 10,
  perClient: 50,
  windowSeconds: 300,
};

/**
 * Login rate limiting. A try is *taken* (counted atomically, before the password is checked)
 * rather than recorded after a failure, so parallel guesses can't all pass a read-then-write
 * check: at most `perAccountAndClient` passwords are ever checked per window, however many arrive
 * at once. The counters are keyed by client address, so an attacker locking out `admin` from one
 * address leaves the real admin, from another address, free to log in.
 */
export class LoginThrottle {
  constructor(
    private readonly meta: MetaStore,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  private keys(username: string, client: string) {
    const who = username.toLowerCase();
    return { pair: `login-tries#${client}#${who}`, client: `login-tries#${client}` };
  }

  /** Takes one try for this account from this address; false when this address has used them up. */
  async take(username: string, client: string): Promise<boolean> {
    const k = this.keys(username, client);
    const { perAccountAndClient, perClient, windowSeconds } = this.limits;
    if (!(await this.meta.countBelow(k.pair, perAccountAndClient, windowSeconds))) return false;
    if (await this.meta.countBelow(k.client, perClient, windowSeconds)) return true;
    await this.meta.uncount(k.pair);
    return false;
  }

  /** A right password: this address starts afresh at this account, and its try is given back. */
  async succeeded(username: string, client: string): Promise<void> {
    const k = this.keys(username, client);
    await Promise.all([this.meta.deleteValue(k.pair), this.meta.uncount(k.client)]);
  }
}
