import type { EmbeddedDashboard } from "@strata/contracts";
import { apiGet, setGuestToken } from "../../../lib/api-client";
import { useLoadOnce } from "../../../lib/use-load-once";

/** `GET /api/v1/embedded_dashboard/{uuid}` (no authentication needed). */
export async function fetchEmbeddedDashboard(uuid: string): Promise<EmbeddedDashboard> {
  const { result } = await apiGet<{ result: EmbeddedDashboard }>(
    `/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}`,
  );
  return { ...result, allowed_domains: result.allowed_domains ?? [] };
}

/**
 * The embed config the embedded page starts from, loaded once per visit. The page starts as no
 * guest: a token left from an earlier page is dropped before the request, and a `?guest_token=`
 * is taken once the config is known (so the dashboard's own requests carry it).
 */
export const useEmbeddedDashboard = (uuid: string, urlToken: string | null) =>
  useLoadOnce(`embedded-dashboard|${uuid}|${urlToken ?? ""}`, async () => {
    setGuestToken(null);
    const config = await fetchEmbeddedDashboard(uuid);
    if (urlToken) setGuestToken(urlToken);
    return config;
  });
