import { PasswordInput, Stack, Text, Textarea, Title } from "@mantine/core";
import { t } from "../../lib/i18n";
import type { ImportPrompts } from "./import-errors";
import type { ImportSecrets } from "./import-upload";

interface Props {
  /** Plural noun: 'dashboards'. */
  plural: string;
  prompts: ImportPrompts;
  secrets: ImportSecrets;
  onChange: (secrets: ImportSecrets) => void;
}

/** `databases/examples.yaml` → `examples.yaml`, as Superset labels the SSH fields. */
const shortName = (file: string) => file.replace(/^databases\//, "");

/** The secrets the server asked for, one block per database file, every field required. */
export function ImportSecretFields({ plural, prompts, secrets, onChange }: Props) {
  const files = [
    ...new Set([
      ...prompts.passwords,
      ...prompts.sshPasswords,
      ...prompts.sshPrivateKeys,
      ...prompts.sshPrivateKeyPasswords,
    ]),
  ];
  if (files.length === 0) return null;
  const set = (kind: keyof ImportSecrets, file: string, value: string) =>
    onChange({ ...secrets, [kind]: { ...secrets[kind], [file]: value } });

  return (
    <Stack gap="sm" data-test="import-secrets">
      <Title order={5}>{t("Database passwords")}</Title>
      <Text size="sm" c="dimmed">
        {t(
          'The passwords for the databases below are needed in order to import them together with the %s. Please note that the "Secure Extra" and "Certificate" sections of the database configuration are not present in export files, and should be added manually after the import if they are needed.',
          plural,
        )}
      </Text>
      {files.map((file) => (
        <Stack key={file} gap="xs">
          {prompts.passwords.includes(file) && (
            <PasswordInput
              label={file}
              required
              autoComplete="new-password"
              value={secrets.passwords[file] ?? ""}
              onChange={(e) => set("passwords", file, e.currentTarget.value)}
              data-test={`import-password-${file}`}
            />
          )}
          {prompts.sshPasswords.includes(file) && (
            <PasswordInput
              label={t("%s SSH TUNNEL PASSWORD", shortName(file))}
              required
              autoComplete="new-password"
              value={secrets.sshPasswords[file] ?? ""}
              onChange={(e) => set("sshPasswords", file, e.currentTarget.value)}
              data-test={`import-ssh-password-${file}`}
            />
          )}
          {prompts.sshPrivateKeys.includes(file) && (
            <Textarea
              label={t("%s SSH TUNNEL PRIVATE KEY", shortName(file))}
              required
              autosize
              minRows={3}
              value={secrets.sshPrivateKeys[file] ?? ""}
              onChange={(e) => set("sshPrivateKeys", file, e.currentTarget.value)}
              data-test={`import-ssh-private-key-${file}`}
            />
          )}
          {prompts.sshPrivateKeyPasswords.includes(file) && (
            <PasswordInput
              label={t("%s SSH TUNNEL PRIVATE KEY PASSWORD", shortName(file))}
              required
              autoComplete="new-password"
              value={secrets.sshPrivateKeyPasswords[file] ?? ""}
              onChange={(e) => set("sshPrivateKeyPasswords", file, e.currentTarget.value)}
              data-test={`import-ssh-private-key-password-${file}`}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
