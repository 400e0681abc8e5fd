import { Checkbox, Fieldset, NumberInput, Stack, Textarea, TextInput } from "@mantine/core";
import { t, translatable } from "../../../../lib/i18n";
import type { DatabaseFormValues, FlagKey } from "./form-values";

interface Props {
  values: DatabaseFormValues;
  errors: Record<string, string>;
  set: <K extends keyof DatabaseFormValues>(key: K, value: DatabaseFormValues[K]) => void;
}

const FLAG_LABELS: Record<FlagKey, { label: string; description: string }> = {
  expose_in_sqllab: {
    label: translatable("Expose database in SQL Lab"),
    description: translatable("Allow this database to be queried in SQL Lab"),
  },
  allow_ctas: {
    label: translatable("Allow CREATE TABLE AS"),
    description: translatable("Allow creation of new tables based on queries"),
  },
  allow_cvas: {
    label: translatable("Allow CREATE VIEW AS"),
    description: translatable("Allow creation of new views based on queries"),
  },
  allow_dml: {
    label: translatable("Allow DML"),
    description: translatable(
      "Allow manipulation of the database using non-SELECT statements such as UPDATE, DELETE, CREATE, etc.",
    ),
  },
  allow_run_async: {
    label: translatable("Asynchronous query execution"),
    description: translatable("Operate the database in asynchronous mode: queries run on remote workers."),
  },
  allow_multi_catalog: {
    label: translatable("Allow changing catalogs"),
    description: translatable("Give access to multiple catalogs in a single database connection."),
  },
  disable_data_preview: {
    label: translatable("Disable SQL Lab data preview queries"),
    description: translatable("Disable data preview when fetching table metadata in SQL Lab."),
  },
  allow_file_upload: {
    label: translatable("Allow file uploads to database"),
    description: translatable("Allow uploading CSV, Excel or Parquet files"),
  },
};

function Flag({ name, values, set }: { name: FlagKey } & Pick<Props, "values" | "set">) {
  const meta = FLAG_LABELS[name];
  return (
    <Checkbox
      label={t(meta.label)}
      description={t(meta.description)}
      checked={values[name]}
      onChange={(e) => set(name, e.currentTarget.checked)}
      data-test={`flag-${name}`}
    />
  );
}

/** Per-database flags, cache timeout and extra settings. */
export function AdvancedSettings({ values, errors, set }: Props) {
  return (
    <Stack gap="md">
      <Fieldset legend={t("SQL Lab")}>
        <Stack gap="sm">
          <Flag name="expose_in_sqllab" values={values} set={set} />
          {values.expose_in_sqllab && (
            <Stack gap="sm" pl="lg">
              <Flag name="allow_ctas" values={values} set={set} />
              <Flag name="allow_cvas" values={values} set={set} />
              {(values.allow_ctas || values.allow_cvas) && (
                <TextInput
                  label={t("CTAS & CVAS schema")}
                  description={t("Force all tables and views to be created in this schema.")}
                  value={values.force_ctas_schema}
                  onChange={(e) => set("force_ctas_schema", e.currentTarget.value)}
                />
              )}
              <Flag name="allow_dml" values={values} set={set} />
              <Flag name="allow_run_async" values={values} set={set} />
              <Flag name="allow_multi_catalog" values={values} set={set} />
              <Flag name="disable_data_preview" values={values} set={set} />
            </Stack>
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend={t("Performance")}>
        <NumberInput
          label={t("Chart cache timeout")}
          description={t("Seconds before cached charts of this database expire. Empty uses the default.")}
          min={0}
          allowDecimal={false}
          value={values.cache_timeout}
          onChange={(v) => set("cache_timeout", v === "" ? "" : Number(v))}
          data-test="cache-timeout"
        />
      </Fieldset>
      <Fieldset legend={t("Security")}>
        <Flag name="allow_file_upload" values={values} set={set} />
      </Fieldset>
      <Fieldset legend={t("Other")}>
        <Textarea
          label={t("Extra")}
          description={t("JSON with additional configuration (engine parameters, metadata options).")}
          autosize
          minRows={3}
          ff="monospace"
          value={values.extra}
          error={errors.extra}
          onChange={(e) => set("extra", e.currentTarget.value)}
        />
      </Fieldset>
    </Stack>
  );
}
