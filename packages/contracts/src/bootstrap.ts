import * as v from "valibot";

const PermissionPairSchema = v.tuple([v.string(), v.string()]);

/**
 * Superset's `bootstrap_user_data(user, include_perms=True)` (the reply of `GET /api/v1/me/roles/`
 * and the page's bootstrap `user`), plus the snake_case keys of `GET /api/v1/me/` that the SPA
 * reads. An anonymous caller gets only `roles` and `permissions` (the Public role's).
 */
export const BootstrapUserSchema = v.object({
  userId: v.optional(v.number()),
  username: v.optional(v.string()),
  firstName: v.optional(v.string()),
  lastName: v.optional(v.string()),
  email: v.optional(v.string()),
  isActive: v.optional(v.boolean()),
  isAnonymous: v.optional(v.boolean()),
  createdOn: v.optional(v.string()),
  id: v.optional(v.number()),
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  is_active: v.optional(v.boolean()),
  is_anonymous: v.optional(v.boolean()),
  roles: v.record(v.string(), v.array(PermissionPairSchema)),
  /** `datasource_access` / `database_access` views held through any role. */
  permissions: v.record(v.string(), v.array(v.string())),
});
export type BootstrapUser = v.InferOutput<typeof BootstrapUserSchema>;

/**
 * What a page is served with (Superset's `#app[data-bootstrap]`): the caller, the feature flags and
 * the `common.conf` values the SPA reads, so the first paint needs no request.
 */
export const BootstrapSchema = v.object({
  user: BootstrapUserSchema,
  common: v.object({
    feature_flags: v.record(v.string(), v.boolean()),
    conf: v.record(v.string(), v.union([v.number(), v.string(), v.boolean(), v.null()])),
    /** The UI language (Superset's `common.locale`): the `/lang/<locale>` choice, else "en". */
    locale: v.optional(v.string()),
  }),
});
export type BootstrapData = v.InferOutput<typeof BootstrapSchema>;
