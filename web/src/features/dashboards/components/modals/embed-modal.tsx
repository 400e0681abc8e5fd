import { Button, Center, Code, Group, Loader, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { CopyTextButton } from "../../../../components/copy-text-button";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { isApiError } from "../../../../lib/api-error";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { deleteEmbeddedConfig, saveEmbeddedConfig, useEmbeddedConfig } from "../../api/embedded-config";
import { useDashboard } from "../../state/dashboard-context";

const parseDomains = (text: string) =>
  text
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);

/** What an embedding page runs with Superset's embedded SDK, with this dashboard's id filled in. */
export function embedSnippet(uuid: string, origin: string): string {
  return [
    'import { embedDashboard } from "@superset-ui/embedded-sdk";',
    "",
    "embedDashboard({",
    `  id: "${uuid}",`,
    `  supersetDomain: "${origin}",`,
    '  mountPoint: document.getElementById("dashboard"),',
    "  fetchGuestToken: () => fetchGuestTokenFromYourBackend(),",
    "});",
  ].join("\n");
}

/** Embed dashboard: turn embedding on or off and set the domains allowed to embed it. */
export default function EmbedModal({ onClose }: { onClose: () => void }) {
  const { state } = useDashboard();
  const id = state.info.id;
  const { data: config, error, isLoading, mutate } = useEmbeddedConfig(id);
  const [domains, setDomains] = useState("");
  const [confirmOff, setConfirmOff] = useState(false);
  const saving = useFormSave({
    fieldMessages: false,
    onFailure: (err) => {
      // A refused domain (the server wants origins such as https://example.com) is said by the field.
      if (isApiError(err) && err.status === 422) saving.setErrors({ domains: err.message });
      toast.danger(t("Sorry, something went wrong. The changes could not be saved."));
    },
  });
  const deactivating = useFormSave({
    fieldMessages: false,
    onFailure: () => toast.danger(t("Sorry, something went wrong. Embedding could not be deactivated.")),
  });
  const busy = saving.busy || deactivating.busy;
  useEffect(() => {
    if (config) setDomains(config.allowed_domains.join(", "));
  }, [config]);

  const save = () =>
    saving.save({}, async () => {
      const saved = await saveEmbeddedConfig(id, { allowed_domains: parseDomains(domains) });
      await mutate(saved, { revalidate: false });
      toast.success(t("Changes saved."));
    });
  const deactivate = () =>
    deactivating.save({}, async () => {
      await deleteEmbeddedConfig(id);
      await mutate(null, { revalidate: false });
      setDomains("");
      setConfirmOff(false);
      toast.info(t("Embedding deactivated."));
    });

  return (
    <Modal opened onClose={onClose} title={t("Embed")} size="lg" data-test="embed-modal">
      {error ? (
        <ApiErrorDisplay error={error} source="dashboard" />
      ) : isLoading ? (
        <Center h={120}>
          <Loader size="sm" aria-label={t("Loading")} />
        </Center>
      ) : confirmOff ? (
        <Stack>
          <Title order={5}>{t("Disable embedding?")}</Title>
          <Text size="sm">{t("This will remove your current embed configuration.")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOff(false)}>
              {t("Cancel")}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => void deactivate()}
              data-test="embed-confirm-deactivate"
            >
              {t("Deactivate")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {config ? (
            <>
              <Text size="sm">
                {t(
                  "This dashboard is ready to embed. In your application, pass the following id to the SDK:",
                )}
              </Text>
              <Code data-test="embed-uuid">{config.uuid}</Code>
            </>
          ) : (
            <Text size="sm">
              {t("Configure this dashboard to embed it into an external web application.")}
            </Text>
          )}
          <Title order={6}>{t("Settings")}</Title>
          <TextInput
            label={t("Allowed Domains (comma separated)")}
            description={t(
              "A list of domain names that can embed this dashboard. Leaving this field empty will allow embedding from any domain.",
            )}
            placeholder="https://app.example.com"
            value={domains}
            error={saving.errors.domains}
            onChange={(e) => setDomains(e.currentTarget.value)}
            data-test="embed-allowed-domains"
          />
          {config && (
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {t("Embed code")}
                </Text>
                <CopyTextButton
                  value={embedSnippet(config.uuid, window.location.origin)}
                  label={t("Copy code")}
                  icon={false}
                  test="embed-copy-snippet"
                />
              </Group>
              <Code block data-test="embed-snippet">
                {embedSnippet(config.uuid, window.location.origin)}
              </Code>
            </Stack>
          )}
          <Group justify="flex-end">
            {config ? (
              <>
                <Button
                  variant="default"
                  color="red"
                  onClick={() => setConfirmOff(true)}
                  data-test="embed-deactivate"
                >
                  {t("Deactivate")}
                </Button>
                <Button loading={busy} onClick={() => void save()} data-test="embed-save">
                  {t("Save changes")}
                </Button>
              </>
            ) : (
              <Button loading={busy} onClick={() => void save()} data-test="embed-enable">
                {t("Enable embedding")}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
