import type { DashboardPut } from "@strata/contracts";
import { t, translatable } from "../../../lib/i18n";
import type { DashboardInfo, DashboardMetadata, NativeFilter } from "./dashboard-types";
import { serializeLayout } from "./hydrate";
import { withParents } from "./layout-ops";
import { HEADER_ID, type Layout } from "./layout-types";

/** 001 §5 dashboard save rules. */
export const UNTITLED_DASHBOARD = "[ untitled dashboard ]";
export const OVERWRITE_CONFIRM_MESSAGE = translatable("Please confirm the overwrite values.");

/** The properties part of a save body (PUT /api/v1/dashboard/{id}), every field given. */
export type DashboardProperties = Required<
  Pick<DashboardPut, "slug" | "certified_by" | "certification_details">
> & {
  dashboard_title: string;
  css: string;
  owners: number[];
};

export function normaliseProperties(input: {
  title?: string | null;
  slug?: string | null;
  css?: string | null;
  certifiedBy?: string | null;
  certificationDetails?: string | null;
  owners?: number[];
}): DashboardProperties {
  const title = (input.title ?? "").trim();
  const certifiedBy = (input.certifiedBy ?? "").trim();
  const slug = (input.slug ?? "").trim();
  return {
    dashboard_title: title || UNTITLED_DASHBOARD,
    slug: slug || null,
    css: input.css ?? "",
    certified_by: certifiedBy || null,
    certification_details: certifiedBy ? (input.certificationDetails ?? "").trim() || null : null,
    owners: input.owners ?? [],
  };
}

/** The full save body: the properties, the metadata and layout as text, and the loaded time. */
export type SavePayload = DashboardProperties &
  Required<Pick<DashboardPut, "last_modified_time">> & {
    json_metadata: string;
    position_json: string;
  };

/** Metadata as saved: the given one with the current filters and their computed scopes. */
export function metadataToSave(metadata: DashboardMetadata, filters: NativeFilter[]): DashboardMetadata {
  return { ...metadata, native_filter_configuration: filters };
}

/** The full save (PUT /api/v1/dashboard/{id}) of the edited dashboard. */
export function buildSavePayload(
  info: DashboardInfo,
  layout: Layout,
  metadata: DashboardMetadata,
): SavePayload {
  const title = (layout[HEADER_ID]?.meta.text as string | undefined) ?? info.title;
  return {
    ...normaliseProperties({
      title,
      slug: info.slug,
      css: info.css,
      certifiedBy: info.certifiedBy,
      certificationDetails: info.certificationDetails,
      owners: info.owners.map((o) => o.id),
    }),
    json_metadata: JSON.stringify(metadata),
    position_json: serializeLayout(withParents(layout)),
    last_modified_time: info.lastModifiedTime,
  };
}

export interface OverwriteItem {
  key: string;
  before: string;
  after: string;
}

function filterScopesOf(jsonMetadata: string | null | undefined): string {
  try {
    const parsed = JSON.parse(jsonMetadata || "{}") as DashboardMetadata;
    return JSON.stringify(parsed.filter_scopes ?? {}, null, 2);
  } catch {
    return "{}";
  }
}

/**
 * The css and filter scopes this save would overwrite on the stored dashboard (001 §5): any
 * difference needs the user's confirmation.
 */
export function overwriteDiff(
  stored: { css?: string | null; json_metadata?: string | null },
  next: { css?: string | null; json_metadata?: string | null },
): OverwriteItem[] {
  const items: OverwriteItem[] = [];
  const beforeCss = stored.css ?? "";
  const afterCss = next.css ?? "";
  if (beforeCss !== afterCss) items.push({ key: "css", before: beforeCss, after: afterCss });
  const beforeScopes = filterScopesOf(stored.json_metadata);
  const afterScopes = filterScopesOf(next.json_metadata);
  if (beforeScopes !== afterScopes)
    items.push({ key: "json_metadata.filter_scopes", before: beforeScopes, after: afterScopes });
  return items;
}

export const overwriteConfirmMessage = () => t(OVERWRITE_CONFIRM_MESSAGE);
