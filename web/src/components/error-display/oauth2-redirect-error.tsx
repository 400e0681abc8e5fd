import { Anchor, Text } from "@mantine/core";
import { useEffect } from "react";
import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import type { ErrorMessageProps } from "./types";

interface OAuth2Extra {
  url?: string;
  tab_id?: string;
  redirect_uri?: string;
}

/**
 * The database needs the user's OAuth2 consent. The link opens in a new window; when that window
 * posts back a message with our tab id from the redirect origin, the failed action reruns.
 */
export function OAuth2RedirectMessage({ error, onRetry }: ErrorMessageProps) {
  const { url, tab_id: tabId, redirect_uri: redirectUri } = (error.extra ?? {}) as OAuth2Extra;
  useEffect(() => {
    if (!tabId || !onRetry) return;
    const expectedOrigin = redirectUri
      ? new URL(redirectUri, window.location.href).origin
      : window.location.origin;
    const listener = (event: MessageEvent) => {
      const data = event.data as { tabId?: string } | null;
      if (event.origin === expectedOrigin && data?.tabId === tabId) onRetry();
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [tabId, redirectUri, onRetry]);
  return (
    <ErrorAlert title={t("Authorization needed")} level="warning">
      <Text size="sm">
        {t("This database uses OAuth2 for authentication.")}{" "}
        <Anchor href={url} target="_blank" rel="noreferrer">
          {t("Click here")}
        </Anchor>{" "}
        {t(
          "to grant access to the data. Your personal access token will be stored encrypted and used only for queries run by you.",
        )}
      </Text>
    </ErrorAlert>
  );
}
