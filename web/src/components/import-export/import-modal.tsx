import { Alert, Button, FileInput, Group, Modal, Stack, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage, isApiError } from "../../lib/api-error";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { type ImportPrompts, importFailureMessage, NO_PROMPTS, readImportErrors } from "./import-errors";
import { ImportSecretFields } from "./import-secret-fields";
import { type ImportSecrets, uploadImport } from "./import-upload";

/** The file types the server reads: a bundle, or one asset file. */
export const IMPORT_EXTENSIONS = ["zip", "yaml", "yml", "json"];
const CONFIRM_WORD = "OVERWRITE";

const NO_SECRETS: ImportSecrets = {
  passwords: {},
  sshPasswords: {},
  sshPrivateKeys: {},
  sshPrivateKeyPasswords: {},
};

export interface ImportModalProps {
  opened: boolean;
  /** API resource: 'dashboard', 'saved_query'. */
  resource: string;
  /** Singular noun: 'dashboard'. */
  label: string;
  /** Plural noun: 'dashboards'. */
  plural: string;
  onClose: () => void;
  /** After a successful import (the list refreshes here). */
  onImported: () => void;
}

const hasExtension = (file: File) =>
  IMPORT_EXTENSIONS.includes(file.name.split(".").pop()?.toLowerCase() ?? "");

/**
 * Imports an exported file: the server may ask for database (and SSH) secrets, or for confirmation
 * to overwrite what already exists (the word OVERWRITE, typed in any case); each answer resubmits.
 */
export function ImportModal({ opened, resource, label, plural, onClose, onImported }: ImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [prompts, setPrompts] = useState<ImportPrompts>(NO_PROMPTS);
  const [secrets, setSecrets] = useState<ImportSecrets>(NO_SECRETS);
  const [confirmText, setConfirmText] = useState("");

  const reset = () => {
    setFile(null);
    setPrompts(NO_PROMPTS);
    setSecrets(NO_SECRETS);
    setConfirmText("");
  };
  const close = () => {
    reset();
    onClose();
  };

  const needsOverwrite = prompts.alreadyExists.length > 0;
  const confirmed = confirmText.trim().toUpperCase() === CONFIRM_WORD;
  const badType = file !== null && !hasExtension(file);
  const disabled = !file || badType || (needsOverwrite && !confirmed);
  const overwrite = needsOverwrite && confirmed;

  // A failure is either the server asking for more (secrets, overwrite) or a toast.
  const { busy, save } = useFormSave({
    fieldMessages: false,
    onFailure: (err) => {
      const errors = isApiError(err) ? err.errors : [];
      const next = readImportErrors(errors);
      if (next) {
        // A confirmed overwrite stays confirmed while the server asks for secrets.
        setPrompts(overwrite ? { ...next, alreadyExists: prompts.alreadyExists } : next);
      } else toast.danger(importFailureMessage(label, errorMessage(err), errors));
    },
  });

  const submit = async () => {
    if (!file || disabled) return;
    if (!(await save({}, () => uploadImport(resource, file, secrets, overwrite)))) return;
    reset();
    toast.success(t("%s imported", label.charAt(0).toUpperCase() + label.slice(1)));
    onImported();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t("Import %s", label)} centered data-test="import-modal">
      <Stack>
        <FileInput
          label={t("File")}
          placeholder={t("Select file")}
          leftSection={<IconUpload size={14} />}
          accept={IMPORT_EXTENSIONS.map((e) => `.${e}`).join(",")}
          clearable
          value={file}
          error={badType ? t("Choose a .zip, .yaml, .yml or .json file") : undefined}
          onChange={(next) => {
            // A new file is a new import: forget what the server asked about the previous one.
            reset();
            setFile(next);
          }}
          data-test="import-file-input"
        />
        <ImportSecretFields plural={plural} prompts={prompts} secrets={secrets} onChange={setSecrets} />
        {needsOverwrite && (
          <Stack gap="xs" data-test="import-overwrite">
            <Alert color="yellow">
              {t(
                "You are importing one or more %s that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?",
                plural,
              )}
            </Alert>
            <TextInput
              label={t('Type "%s" to confirm', CONFIRM_WORD)}
              value={confirmText}
              onChange={(e) => setConfirmText(e.currentTarget.value)}
              data-test="overwrite-modal-input"
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("Cancel")}
          </Button>
          <Button
            color={needsOverwrite ? "red" : undefined}
            disabled={disabled}
            loading={busy}
            onClick={submit}
            data-test="import-submit"
          >
            {needsOverwrite ? t("Overwrite") : t("Import")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
