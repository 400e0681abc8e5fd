import * as v from "valibot";

/** Shareable links to Explore and SQL Lab states (`…/permalink`); the dashboard's live in dashboard.ts. */

const UrlParams = v.optional(v.array(v.tuple([v.string(), v.string()])));

/** `POST /api/v1/explore/permalink`: the form data (naming its dataset) and the page's URL parameters. */
export const ExplorePermalinkSchema = v.strictObject({
  formData: v.looseObject({ datasource: v.optional(v.string()) }),
  urlParams: UrlParams,
});
export type ExplorePermalinkState = v.InferOutput<typeof ExplorePermalinkSchema>;

/** `POST /api/v1/sqllab/permalink`: an editor's state. Loose: the client may send more. */
export const SqlLabPermalinkSchema = v.looseObject({
  dbId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sql: v.pipe(v.string(), v.maxLength(1_000_000)),
  name: v.optional(v.string()),
  schema: v.optional(v.nullable(v.string())),
  catalog: v.optional(v.nullable(v.string())),
  autorun: v.optional(v.boolean()),
  templateParams: v.optional(v.nullable(v.string())),
});
export type SqlLabPermalinkState = v.InferOutput<typeof SqlLabPermalinkSchema>;

/** What creating a permalink answers. */
export interface PermalinkCreated {
  key: string;
  url: string;
}
