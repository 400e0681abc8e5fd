import type { Core, Principal } from "@strata/core";

/** What every request carries through the Hono context. */
export type AppEnv = {
  Variables: {
    core: Core;
    principal: Principal;
    /** Set when the caller authenticated with the session cookie (CSRF applies). */
    sid: string | undefined;
  };
};
