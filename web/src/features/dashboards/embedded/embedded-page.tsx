import { Box, Center, Loader, Title } from "@mantine/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { ApiErrorDisplay } from "../../../components/error-display";
import { setGuestToken } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useEmbeddedDashboard } from "../api/embedded-dashboard";
import { DashboardView } from "../dashboard-view";
import { useHydratedDashboard } from "../hooks/use-hydrated-dashboard";
import type { Hydrated } from "../model/hydrate";
import type { DataMaskMap } from "../model/dashboard-types";
import { HEADER_ID } from "../model/layout-types";
import { emitDataMask, mergeHost, referrerOrigin } from "./data-mask-emitter";
import { type EmbedFlags, parseUiConfig } from "./embed-flags";
import classes from "./embedded.module.css";
import { type HostChannel, listenForGuestToken } from "./guest-token-messages";

function Loading({ label }: { label: string }) {
  return (
    <Center h="50vh" data-test="embedded-loading">
      <Loader aria-label={label} />
    </Center>
  );
}

export function EmbeddedDashboard({
  hydrated,
  flags,
  onDataMaskChange,
}: {
  hydrated: Hydrated;
  flags: EmbedFlags;
  onDataMaskChange?: (dataMask: DataMaskMap, activeTabs: string[]) => void;
}) {
  const title = (hydrated.layout[HEADER_ID]?.meta.text as string | undefined) ?? hydrated.info.title;
  return (
    <Box
      className={classes.embedded}
      data-test="embedded-dashboard"
      data-hide-tab={flags.hideTab || undefined}
      data-hide-chart-controls={flags.hideChartControls || undefined}
    >
      {!flags.hideTitle && (
        <Title order={2} mb="md" data-test="dashboard-title">
          {title}
        </Title>
      )}
      <DashboardView
        hydrated={hydrated}
        embedded
        onDataMaskChange={flags.emitDataMasks ? onDataMaskChange : undefined}
      />
    </Box>
  );
}

/**
 * `/embedded/{uuid}`: the embed config (allowed domains, dashboard id), then a guest token from
 * the host page (postMessage) or `?guest_token=`, then the dashboard read-only as that guest.
 */
export default function EmbeddedPage() {
  const { uuid = "" } = useParams();
  const [search] = useSearchParams();
  const urlToken = search.get("guest_token");
  const flags = parseUiConfig(search.get("uiConfig"));
  const embed = useEmbeddedDashboard(uuid, urlToken);
  const config = embed.data ?? null;
  // The embed config a guest token arrived for (from the host page, when none is in the URL).
  const [tokenFor, setTokenFor] = useState<typeof config>(null);
  // The host that sent the handshake or a token: where data masks go (uiConfig bit 16).
  const host = useRef<HostChannel | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page forgets the last page's host
  useEffect(() => {
    host.current = null;
  }, [uuid, urlToken]);

  // Tokens keep arriving (the host refreshes them before they expire): each replaces the last.
  useEffect(() => {
    if (!config) return;
    return listenForGuestToken(
      window,
      config.allowed_domains,
      (token) => {
        setGuestToken(token);
        setTokenFor(config);
      },
      (next) => {
        host.current = mergeHost(host.current, next);
      },
    );
  }, [config]);

  const onDataMaskChange = useCallback(
    (dataMask: DataMaskMap, activeTabs: string[]) => {
      const framed = window.parent && window.parent !== window ? window.parent : null;
      const origin =
        host.current?.origin ??
        (config ? referrerOrigin(document.referrer, config.allowed_domains, window.location.origin) : null);
      emitDataMask({ port: host.current?.port, parent: framed, origin }, dataMask, activeTabs);
    },
    [config],
  );

  const ready = config !== null && (urlToken !== null || tokenFor === config);
  const dashboard = useHydratedDashboard(ready && config.dashboard_id ? String(config.dashboard_id) : null);

  const error = embed.error ?? dashboard.error;
  if (error) {
    return (
      <Box p="md" data-test="embedded-error">
        <ApiErrorDisplay error={error} />
      </Box>
    );
  }
  if (dashboard.data)
    return <EmbeddedDashboard hydrated={dashboard.data} flags={flags} onDataMaskChange={onDataMaskChange} />;
  return <Loading label={config && !ready ? t("Waiting for a guest token") : t("Loading dashboard")} />;
}
