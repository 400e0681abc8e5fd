import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { UploadResponse } from "@strata/contracts";
import { IconCircleCheck, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { CatalogSchemaSelect, DatabaseSelect } from "../../../components/database-selector";
import { ApiErrorDisplay } from "../../../components/error-display";
import { exploreDatasetPath } from "../../../config/paths";
import type { DatabaseOption } from "../../../lib/database-meta/database-options";
import { t, translatable } from "../../../lib/i18n";
import { revalidateResource } from "../../../lib/resource/resource-write";
import { toast } from "../../../lib/toast";
import { useFormSave } from "../../../lib/use-form-save";
import {
  type AlreadyExists,
  type ReadOptions,
  type UploadType,
  uploadFile,
  uploadTypeOf,
  useUploadMetadata,
} from "../api/upload-file";
import { UploadPreview } from "./upload-preview";

/** Allowed extensions per upload type (001 §6), as the server checks them. */
export const ALLOWED_EXTENSIONS: Record<UploadType, string[]> = {
  csv: ["csv", "tsv", "txt"],
  excel: ["xlsx"],
  columnar: ["parquet"],
};

const TYPE_LABELS: Record<UploadType, string> = {
  csv: "CSV",
  excel: translatable("Excel"),
  columnar: translatable("Columnar (Parquet)"),
};

const DELIMITERS = [
  { value: ",", label: translatable("Comma (,)") },
  { value: ";", label: translatable("Semicolon (;)") },
  { value: "\t", label: translatable("Tab (\\t)") },
  { value: "|", label: translatable("Pipe (|)") },
  { value: ":", label: translatable("Colon (:)") },
];

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
      size="xl"
      data-test="upload-modal"
    >
      {opened && <UploadForm initialType={initialType} onClose={onClose} />}
    </Modal>
  );
}

const list = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function UploadForm({ initialType, onClose }: { initialType: UploadType; onClose: () => void }) {
  const [type, setType] = useState<UploadType>(initialType);
  const [file, setFile] = useState<File | null>(null);
  const [database, setDatabase] = useState<DatabaseOption | null>(null);
  const [catalog, setCatalog] = useState<string | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [tableName, setTableName] = useState("");
  const [alreadyExists, setAlreadyExists] = useState<AlreadyExists>("fail");
  const [createDataset, setCreateDataset] = useState(true);
  // Parsing options, Superset's defaults: comma, header on the first line, nothing skipped.
  const [delimiter, setDelimiter] = useState(",");
  const [headerRow, setHeaderRow] = useState<number | "">(0);
  const [skipRows, setSkipRows] = useState<number | "">(0);
  const [nullValues, setNullValues] = useState("");
  const [decimal, setDecimal] = useState<"." | ",">(".");
  const [sheetName, setSheetName] = useState<string | null>(null);
  const [dateColumns, setDateColumns] = useState<string[]>([]);
  const [indexColumn, setIndexColumn] = useState<string | null>(null);
  const [dataframeIndex, setDataframeIndex] = useState(false);
  const [indexLabel, setIndexLabel] = useState("");
  // A failed upload is shown in full above the buttons.
  const { busy, failure: error, save } = useFormSave({ fieldMessages: false });
  const [done, setDone] = useState<UploadResponse["result"] | null>(null);

  const ext = file?.name.toLowerCase().split(".").pop() ?? "";
  const extError =
    file && !ALLOWED_EXTENSIONS[type].includes(ext)
      ? t("Allowed extensions: %s", ALLOWED_EXTENSIONS[type].join(", "))
      : undefined;

  const tabular = type !== "columnar";
  const options: ReadOptions = {
    ...(type === "csv" ? { delimiter, decimal_character: decimal } : {}),
    ...(tabular
      ? {
          header_row: headerRow === "" ? "" : headerRow,
          skip_rows: skipRows === "" ? 0 : skipRows,
          null_values: list(nullValues),
        }
      : {}),
    ...(type === "excel" && sheetName ? { sheet_name: sheetName } : {}),
    column_dates: dateColumns,
    ...(indexColumn
      ? {
          index_column: indexColumn,
          dataframe_index: dataframeIndex,
          ...(dataframeIndex && indexLabel.trim() ? { index_label: indexLabel.trim() } : {}),
        }
      : {}),
  };
  // The preview is read with the options as they settle, not on every keystroke.
  const [previewOptions] = useDebouncedValue(options, 300);
  const preview = useUploadMetadata(extError ? null : file, type, previewOptions);
  const items = preview.data ?? [];
  const item = items.find((i) => i.sheet_name === sheetName) ?? items[0];
  // Option lists come from the file itself; the chosen columns stay listed while the preview reloads.
  const columnNames = [...new Set([...(item?.column_names ?? []), ...dateColumns])];
  const indexChoices = [...new Set([...(item?.column_names ?? []), ...(indexColumn ? [indexColumn] : [])])];
  const canSubmit = Boolean(file && database && tableName.trim() && !extError);

  const submit = async () => {
    if (!file || !database) return;
    await save({}, async () => {
      const { result } = await uploadFile({
        databaseId: database.value,
        file,
        type,
        table_name: tableName.trim(),
        schema,
        already_exists: alreadyExists,
        create_dataset: createDataset,
        ...options,
      });
      toast.success(t("Data imported"));
      await Promise.all([revalidateResource("dataset"), revalidateResource("database")]);
      setDone(result);
    });
  };

  if (done) {
    return (
      <Stack data-test="upload-done">
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t("Data imported")}>
          {t("%s rows were written to table %s.", done.rowcount, `${done.schema}.${done.table}`)}{" "}
          {done.dataset_id !== null
            ? t("A dataset was created for it: explore it to build a chart.")
            : t("No dataset was created.")}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Close")}
          </Button>
          {done.dataset_id !== null && (
            <Button component={Link} to={exploreDatasetPath(done.dataset_id)} data-test="upload-explore-link">
              {t("Explore dataset")}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

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
          setSheetName(null);
          setDateColumns([]);
          setIndexColumn(null);
          const guessed = f ? uploadTypeOf(f.name) : null;
          if (guessed) setType(guessed);
          if (f && !tableName) setTableName(f.name.replace(/\.[^.]+$/, "").replace(/[^A-Za-z0-9_]/g, "_"));
        }}
        data-test="upload-file-input"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
          uploadAllowed
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
      </SimpleGrid>

      <Title order={5}>{t("File settings")}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} data-test="upload-options">
        {type === "csv" && (
          <Select
            label={t("Delimiter")}
            value={delimiter}
            onChange={(v) => setDelimiter(v ?? ",")}
            allowDeselect={false}
            data={DELIMITERS.map((d) => ({ value: d.value, label: t(d.label) }))}
            data-test="upload-delimiter"
          />
        )}
        {type === "excel" && (
          <Select
            label={t("Sheet name")}
            placeholder={t("First sheet")}
            value={sheetName}
            onChange={setSheetName}
            data={items.map((i) => i.sheet_name).filter((s): s is string => Boolean(s))}
            clearable
            data-test="upload-sheet"
          />
        )}
        {tabular && (
          <>
            <NumberInput
              label={t("Header row")}
              description={t("0 is the first line; empty: no header row")}
              min={0}
              value={headerRow}
              onChange={(v) => setHeaderRow(typeof v === "number" ? v : "")}
              data-test="upload-header-row"
            />
            <NumberInput
              label={t("Rows to skip")}
              min={0}
              value={skipRows}
              onChange={(v) => setSkipRows(typeof v === "number" ? v : "")}
              data-test="upload-skip-rows"
            />
            <TextInput
              label={t("Null values")}
              description={t("Comma separated, e.g. NA,N/A")}
              value={nullValues}
              onChange={(e) => setNullValues(e.currentTarget.value)}
              data-test="upload-null-values"
            />
          </>
        )}
        {type === "csv" && (
          <Select
            label={t("Decimal character")}
            value={decimal}
            onChange={(v) => setDecimal(v === "," ? "," : ".")}
            allowDeselect={false}
            data={[
              { value: ".", label: t("Point (.)") },
              { value: ",", label: t("Comma (,)") },
            ]}
            data-test="upload-decimal"
          />
        )}
        <MultiSelect
          label={t("Columns to be parsed as dates")}
          data={columnNames}
          value={dateColumns}
          onChange={setDateColumns}
          searchable
          data-test="upload-date-columns"
        />
        <Select
          label={t("Index column")}
          data={indexChoices}
          value={indexColumn}
          onChange={setIndexColumn}
          clearable
          data-test="upload-index-column"
        />
        {indexColumn && (
          <>
            <Checkbox
              mt="xl"
              label={t("Write the index as a column")}
              checked={dataframeIndex}
              onChange={(e) => setDataframeIndex(e.currentTarget.checked)}
            />
            {dataframeIndex && (
              <TextInput
                label={t("Index label")}
                value={indexLabel}
                onChange={(e) => setIndexLabel(e.currentTarget.value)}
              />
            )}
          </>
        )}
      </SimpleGrid>

      {file && !extError && (
        <UploadPreview
          item={item}
          loading={preview.isLoading || preview.isValidating}
          error={preview.error}
        />
      )}

      <Checkbox
        label={t("Create dataset")}
        description={t("Make the table a dataset right away, ready to explore")}
        checked={createDataset}
        onChange={(e) => setCreateDataset(e.currentTarget.checked)}
        data-test="upload-create-dataset"
      />
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
