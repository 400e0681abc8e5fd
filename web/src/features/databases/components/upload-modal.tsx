import { Button, FileInput, Group, Modal, SegmentedControl, Select, Stack, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { CatalogSchemaSelect, DatabaseSelect } from "../../../components/database-selector";
import { ApiErrorDisplay } from "../../../components/error-display";
import type { DatabaseOption } from "../../../lib/database-meta/database-options";
import { t } from "../../../lib/i18n";
import { revalidateResource } from "../../../lib/resource/resource-write";
import { toast } from "../../../lib/toast";
import { type AlreadyExists, type UploadType, uploadFile, uploadTypeOf } from "../api/upload-file";

/** Allowed extensions per upload type (001 §6). */
export const ALLOWED_EXTENSIONS: Record<UploadType, string[]> = {
  csv: ["csv", "tsv", "txt"],
  excel: ["xls", "xlsx"],
  columnar: ["parquet", "zip"],
};

const TYPE_LABELS: Record<UploadType, string> = {
  csv: "CSV",
  excel: "Excel",
  columnar: "Columnar (Parquet)",
};

interface Props {
  opened: boolean;
  initialType: UploadType;
  onClose: () => void;
}

/** Upload a CSV, Excel or Parquet file into a table of a database that allows uploads. */
export function UploadModal({ opened, initialType, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Upload file to database")}
      size="lg"
      data-test="upload-modal"
    >
      {opened && <UploadForm initialType={initialType} onClose={onClose} />}
    </Modal>
  );
}

function UploadForm({ initialType, onClose }: { initialType: UploadType; onClose: () => void }) {
  const [type, setType] = useState<UploadType>(initialType);
  const [file, setFile] = useState<File | null>(null);
  const [database, setDatabase] = useState<DatabaseOption | null>(null);
  const [catalog, setCatalog] = useState<string | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [tableName, setTableName] = useState("");
  const [alreadyExists, setAlreadyExists] = useState<AlreadyExists>("fail");
  const [delimiter, setDelimiter] = useState(",");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const ext = file?.name.toLowerCase().split(".").pop() ?? "";
  const extError =
    file && !ALLOWED_EXTENSIONS[type].includes(ext)
      ? t("Allowed extensions: %s", ALLOWED_EXTENSIONS[type].join(", "))
      : undefined;
  const canSubmit = Boolean(file && database && tableName.trim() && !extError);

  const submit = async () => {
    if (!file || !database) return;
    setBusy(true);
    setError(null);
    try {
      await uploadFile({
        databaseId: database.value,
        file,
        type,
        table_name: tableName.trim(),
        schema,
        already_exists: alreadyExists,
        delimiter: type === "csv" ? delimiter : undefined,
      });
      toast.success(t("Data imported"));
      await Promise.all([revalidateResource("dataset"), revalidateResource("database")]);
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as UploadType)}
        data={(Object.keys(TYPE_LABELS) as UploadType[]).map((v) => ({ value: v, label: t(TYPE_LABELS[v]) }))}
        data-test="upload-type"
      />
      <FileInput
        label={t("File")}
        required
        placeholder={t("Select a file")}
        leftSection={<IconUpload size={14} />}
        accept={ALLOWED_EXTENSIONS[type].map((e) => `.${e}`).join(",")}
        value={file}
        error={extError}
        onChange={(f) => {
          setFile(f);
          const guessed = f ? uploadTypeOf(f.name) : null;
          if (guessed) setType(guessed);
          if (f && !tableName) setTableName(f.name.replace(/\.[^.]+$/, "").replace(/[^A-Za-z0-9_]/g, "_"));
        }}
        data-test="upload-file-input"
      />
      <DatabaseSelect
        value={database}
        onChange={(db) => {
          setDatabase(db);
          setCatalog(null);
          setSchema(null);
        }}
        extraFilters={[{ col: "allow_file_upload", opr: "eq", value: true }]}
        required
      />
      <CatalogSchemaSelect
        databaseId={database?.value ?? null}
        multiCatalog={Boolean(database?.allow_multi_catalog)}
        catalog={catalog}
        schema={schema}
        onCatalogChange={setCatalog}
        onSchemaChange={setSchema}
      />
      <TextInput
        label={t("Table name")}
        required
        value={tableName}
        onChange={(e) => setTableName(e.currentTarget.value)}
        data-test="upload-table-name"
      />
      <Select
        label={t("If table already exists")}
        value={alreadyExists}
        onChange={(v) => setAlreadyExists((v as AlreadyExists) ?? "fail")}
        allowDeselect={false}
        data={[
          { value: "fail", label: t("Fail") },
          { value: "replace", label: t("Replace") },
          { value: "append", label: t("Append") },
        ]}
      />
      {type === "csv" && (
        <TextInput
          label={t("Delimiter")}
          value={delimiter}
          maxLength={2}
          onChange={(e) => setDelimiter(e.currentTarget.value)}
        />
      )}
      {error !== null && <ApiErrorDisplay error={error} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} disabled={!canSubmit} loading={busy} data-test="modal-confirm-button">
          {t("Upload")}
        </Button>
      </Group>
    </Stack>
  );
}
