import type { RoleRow } from "@strata/contracts";
import { createResource } from "../../../lib/resource/resource-write";

export const ROLES = "security/roles";

/** POST /api/v1/security/roles/ {name} */
export const createRole = (name: string) => createResource<RoleRow>(ROLES, { name });
