import type { PermissionPair } from "@strata/contracts";
import type { Entity } from "../store/meta-store.ts";

export interface UserData {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  password_hash: string;
  roles: number[];
  login_count: number;
  fail_login_count: number;
  last_login: string | null;
  /** Bumped when the password changes; sessions and tokens of an older version are refused. */
  token_version?: number;
}
export type UserEntity = Entity<UserData>;

export interface RoleData {
  name: string;
  permissions: PermissionPair[];
}
export type RoleEntity = Entity<RoleData>;

export const USER = "user";
export const ROLE = "role";
