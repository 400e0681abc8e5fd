import * as v from "valibot";

/** Row-level security rules (Superset's `/api/v1/rowlevelsecurity/…`). */

export const RLS_FILTER_TYPES = ["Regular", "Base"] as const;
/** Regular: applies to members of `roles`. Base: applies to everyone except members of `roles`. */
export type RlsFilterType = (typeof RLS_FILTER_TYPES)[number];

const Ids = v.array(v.pipe(v.number(), v.integer(), v.minValue(1)));
const Fields = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1, "A rule needs a name"), v.maxLength(255)),
  description: v.optional(v.nullable(v.string())),
  filter_type: v.optional(v.picklist(RLS_FILTER_TYPES)),
  tables: Ids,
  roles: v.optional(Ids),
  group_key: v.optional(v.nullable(v.string())),
  clause: v.pipe(v.string(), v.minLength(1, "A rule needs a clause"), v.maxLength(10_000)),
};

export const RlsPostSchema = v.strictObject(Fields);
export type RlsPost = v.InferOutput<typeof RlsPostSchema>;

export const RlsPutSchema = v.strictObject({
  ...Fields,
  name: v.optional(Fields.name),
  tables: v.optional(Ids),
  clause: v.optional(Fields.clause),
});
export type RlsPut = v.InferOutput<typeof RlsPutSchema>;

/** `GET /api/v1/rowlevelsecurity/` rows and item (a type, to fit the generic list row). */
export type RlsRow = {
  id: number;
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key: string | null;
  clause: string;
  version: number;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  changed_on_delta_humanized: string;
};
