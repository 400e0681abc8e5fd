import type { PermalinkCreated, SqlLabPermalinkState } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";

/** What a tab shares; a tab without a database still asks (the server answers why it cannot). */
export type SqlLabPermalinkInput = Pick<
  SqlLabPermalinkState,
  "sql" | "name" | "schema" | "catalog" | "autorun" | "templateParams"
> & { dbId: number | null };

/** POST /api/v1/sqllab/permalink: stores the tab and returns its key and shareable url. */
export const createSqlLabPermalink = (body: SqlLabPermalinkInput) =>
  apiPost<PermalinkCreated>("/api/v1/sqllab/permalink", body);
