import * as v from "valibot";

/** Embedding: a dashboard's embed config and the guest tokens an embedding host asks for. */

/** `POST|PUT /api/v1/dashboard/{id}/embedded`. */
export const EmbeddedConfigSchema = v.strictObject({
  allowed_domains: v.array(v.pipe(v.string(), v.maxLength(255))),
});
export type EmbeddedConfigInput = v.InferOutput<typeof EmbeddedConfigSchema>;

/** `POST /api/v1/security/guest_token/`: who the guest is, which dashboards, which extra RLS. */
export const GuestTokenSchema = v.strictObject({
  user: v.optional(
    v.looseObject({
      username: v.optional(v.string()),
      first_name: v.optional(v.string()),
      last_name: v.optional(v.string()),
    }),
  ),
  resources: v.array(
    v.strictObject({ type: v.picklist(["dashboard"]), id: v.pipe(v.string(), v.maxLength(64)) }),
  ),
  rls: v.optional(
    v.array(
      v.strictObject({
        clause: v.pipe(v.string(), v.maxLength(5000)),
        dataset: v.optional(v.pipe(v.number(), v.integer())),
      }),
    ),
  ),
});
export type GuestTokenRequest = v.InferOutput<typeof GuestTokenSchema>;

/** `GET /api/v1/dashboard/{id}/embedded` result (as stored). */
export interface EmbeddedConfig {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string[];
}

/** `GET /api/v1/embedded_dashboard/{uuid}` result: the dashboard id as text, as Superset sends it. */
export interface EmbeddedDashboard {
  uuid: string;
  dashboard_id: string;
  allowed_domains: string[];
}
