import * as v from "valibot";

export const BUILTIN_ROLES = ["Admin", "Alpha", "Gamma", "sql_lab", "Public"] as const;

/** A permission is a `[permission, view]` pair held by a role. */
export type PermissionPair = [string, string];

export const LoginSchema = v.strictObject({
  username: v.pipe(v.string(), v.minLength(1, "Username is required"), v.maxLength(256)),
  password: v.pipe(v.string(), v.minLength(1, "Password is required"), v.maxLength(1024)),
  provider: v.optional(v.picklist(["db"], "Only the db provider is supported")),
  refresh: v.optional(v.boolean()),
});

const Name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));
const Int = v.pipe(v.number(), v.integer());

export const UserPostSchema = v.strictObject({
  username: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[A-Za-z0-9_.@-]{1,64}$/, "Username may use letters, digits and _ . @ -"),
  ),
  first_name: Name,
  last_name: Name,
  email: v.pipe(v.string(), v.email("A valid email is required")),
  password: v.pipe(v.string(), v.minLength(8, "Password must have at least 8 characters"), v.maxLength(1024)),
  active: v.optional(v.boolean()),
  roles: v.pipe(v.array(Int), v.minLength(1, "Pick at least one role")),
});
export const UserPutSchema = v.strictObject({
  username: v.optional(UserPostSchema.entries.username),
  first_name: v.optional(Name),
  last_name: v.optional(Name),
  email: v.optional(UserPostSchema.entries.email),
  password: v.optional(UserPostSchema.entries.password),
  active: v.optional(v.boolean()),
  roles: v.optional(UserPostSchema.entries.roles),
});
export type UserPost = v.InferOutput<typeof UserPostSchema>;
export type UserPut = v.InferOutput<typeof UserPutSchema>;

/** `PUT /api/v1/me/password`: a user changing their own password. */
export const PasswordChangeSchema = v.strictObject({
  current_password: LoginSchema.entries.password,
  new_password: UserPostSchema.entries.password,
});

export const RolePostSchema = v.strictObject({ name: Name });
export const RolePermissionsSchema = v.strictObject({
  permission_view_menu_ids: v.array(Int),
});

export interface Me {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  is_anonymous: boolean;
}

export interface MeRoles extends Me {
  roles: Record<string, PermissionPair[]>;
}
