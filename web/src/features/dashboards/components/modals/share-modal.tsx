import { Button, CopyButton, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { createPermalink } from "../../api/create-permalink";
import { isDivider } from "../../model/filter-scope";
import { nativeFiltersOf } from "../../model/hydrate";
import { useDashboard } from "../../state/dashboard-context";

/** Creates a permalink of the current filters and tabs, copies it, and shows it. */
export function ShareModal({ onClose }: { onClose: () => void }) {
  const { state } = useDashboard();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one permalink per opening
  useEffect(() => {
    const ids = new Set(
      nativeFiltersOf(state.metadata)
        .filter((f) => !isDivider(f))
        .map((f) => f.id),
    );
    const dataMask = Object.fromEntries(
      Object.entries(state.dataMask).filter(([id]) => ids.has(id) || /^\d+$/.test(id)),
    );
    createPermalink(state.info.id, {
      dataMask,
      activeTabs: state.activeTabs,
      urlParams: [],
      anchor: null,
    }).then(
      async ({ url }) => {
        setUrl(url);
        try {
          await navigator.clipboard.writeText(url);
          toast.success(t("Link Copied!"));
        } catch {
          toast.warning(t("Sorry, your browser does not support copying. Use Ctrl / Cmd + C!"));
        }
      },
      (err: Error) => setError(err.message),
    );
  }, []);
  return (
    <Modal opened onClose={onClose} title={t("Share dashboard")} data-test="share-modal">
      <Stack>
        {error && <Text c="red">{error}</Text>}
        {!url && !error && <Loader size="sm" />}
        {url && (
          <>
            <Text size="sm">{t("A permalink to this dashboard with its current filters and tabs:")}</Text>
            <Group wrap="nowrap" align="flex-end">
              <TextInput
                readOnly
                value={url}
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
                data-test="permalink-url"
                aria-label={t("Permalink")}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t("Copied") : t("Copy")}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
