import type { Core, Principal } from "@strata/core";
import type { ClientInfo } from "./client.ts";

/** What every request carries through the Hono context. */
export type AppEnv = {
  Variables: {
    core: Core;
    principal: Principal;
    /** Set when the caller authenticated with the session cookie (CSRF applies). */
    sid: string | undefined;
    /** The client's address and whether it came over HTTPS (see http/client.ts). */
    client: ClientInfo;
  };
};
