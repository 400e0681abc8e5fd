import type { RlsPost, RlsPut, RlsRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/rowlevelsecurity/` as a generic resource (list, _info, related, delete come from lib/resource). */
export const RLS = "rowlevelsecurity";

/** POST /api/v1/rowlevelsecurity/ */
export const createRule = (body: RlsPost) => createResource<RlsRow>(RLS, body);
/** PUT /api/v1/rowlevelsecurity/{id} */
export const updateRule = (id: number, body: RlsPut) => updateResource<RlsRow>(RLS, id, body);
