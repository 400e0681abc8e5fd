import type { UserRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

export const USERS = "security/users";

export interface UserBody {
  username?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  password?: string;
  active?: boolean;
  roles?: number[];
}

/** POST /api/v1/security/users/ */
export const createUser = (body: UserBody) => createResource<UserRow>(USERS, body);
/** PUT /api/v1/security/users/{id} */
export const updateUser = (id: number, body: UserBody) => updateResource<UserRow>(USERS, id, body);
