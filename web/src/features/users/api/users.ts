import type { UserPost, UserPut, UserRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

export const USERS = "security/users";

/** POST /api/v1/security/users/ */
export const createUser = (body: UserPost) => createResource<UserRow>(USERS, body);
/** PUT /api/v1/security/users/{id} */
export const updateUser = (id: number, body: UserPut) => updateResource<UserRow>(USERS, id, body);
