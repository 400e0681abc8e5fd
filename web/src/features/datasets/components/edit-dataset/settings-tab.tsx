import {
  Divider,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { RelatedMultiSelect } from "../../../../components/related-multi-select";
import { t } from "../../../../lib/i18n";
import { type DatasetDraft, templateParamsProblem } from "./dataset-draft";

interface Props {
  draft: DatasetDraft;
  isVirtual: boolean;
  update: (patch: Partial<DatasetDraft>) => void;
}

export function SettingsTab({ draft, isVirtual, update }: Props) {
  const temporal = draft.columns.filter((c) => c.is_dttm).map((c) => c.column_name);
  const paramsProblem = templateParamsProblem(draft.template_params);
  return (
    <Stack gap="sm">
      <Title order={5}>{t("Basic")}</Title>
      <Textarea
        label={t("Description")}
        autosize
        minRows={2}
        value={draft.description}
        onChange={(e) => update({ description: e.currentTarget.value })}
        data-test="dataset-description"
      />
      <TextInput
        label={t("Default URL")}
        description={t("Default URL to redirect to when accessing from the dataset list page")}
        value={draft.default_endpoint}
        onChange={(e) => update({ default_endpoint: e.currentTarget.value })}
      />
      <RelatedMultiSelect
        resource="dataset"
        column="owners"
        label={t("Owners")}
        value={draft.owners}
        onChange={(owners) => update({ owners })}
        data-test="dataset-owners"
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t("Certified by")}
          description={t("Person or group that has certified this dataset")}
          value={draft.certified_by}
          onChange={(e) => update({ certified_by: e.currentTarget.value })}
        />
        <TextInput
          label={t("Certification details")}
          description={t("Any additional detail to show in the certification tooltip")}
          value={draft.certification_details}
          onChange={(e) => update({ certification_details: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Textarea
        label={t("Warning")}
        description={t("Optional warning about use of this dataset (markdown)")}
        autosize
        minRows={1}
        value={draft.warning_markdown}
        onChange={(e) => update({ warning_markdown: e.currentTarget.value })}
      />
      <Divider my="xs" />
      <Title order={5}>{t("Advanced")}</Title>
      {isVirtual && (
        <Textarea
          label={t("SQL")}
          description={t("When changing the SQL, the columns are re-read when saving")}
          autosize
          minRows={5}
          ff="monospace"
          value={draft.sql}
          onChange={(e) => update({ sql: e.currentTarget.value })}
          data-test="dataset-sql"
        />
      )}
      <Textarea
        label={t("Template parameters")}
        description={t(
          "A set of parameters that become available in the query using Jinja templating syntax (JSON)",
        )}
        autosize
        minRows={2}
        ff="monospace"
        value={draft.template_params}
        onChange={(e) => update({ template_params: e.currentTarget.value })}
        error={paramsProblem ? t(paramsProblem) : undefined}
        data-test="dataset-template-params"
      />
      <SimpleGrid cols={2}>
        <NumberInput
          label={t("Cache timeout")}
          description={t("Seconds; empty uses the database's or the default timeout")}
          min={0}
          allowDecimal={false}
          value={draft.cache_timeout}
          onChange={(v) => update({ cache_timeout: v === "" ? "" : Number(v) })}
          data-test="dataset-cache-timeout"
        />
        <NumberInput
          label={t("Hours offset")}
          description={t("Hours to shift the time column by")}
          allowDecimal={false}
          value={draft.offset}
          onChange={(v) => update({ offset: v === "" ? 0 : Number(v) })}
        />
      </SimpleGrid>
      <Select
        label={t("Default datetime")}
        description={t("The main temporal column of the dataset")}
        clearable
        data={temporal}
        value={draft.main_dttm_col && temporal.includes(draft.main_dttm_col) ? draft.main_dttm_col : null}
        onChange={(v) => update({ main_dttm_col: v })}
        data-test="dataset-main-dttm-col"
      />
      <Switch
        label={t("Autocomplete filters")}
        description={t("Whether to populate autocomplete filters options")}
        checked={draft.filter_select_enabled}
        onChange={(e) => update({ filter_select_enabled: e.currentTarget.checked })}
      />
      {draft.filter_select_enabled && (
        <TextInput
          label={t("Autocomplete query predicate")}
          description={t("A WHERE clause applied when fetching distinct values for filters")}
          value={draft.fetch_values_predicate}
          onChange={(e) => update({ fetch_values_predicate: e.currentTarget.value })}
        />
      )}
      <Switch
        label={t("Normalize column names")}
        checked={draft.normalize_columns}
        onChange={(e) => update({ normalize_columns: e.currentTarget.checked })}
      />
      <Switch
        label={t("Always filter main datetime column")}
        checked={draft.always_filter_main_dttm}
        onChange={(e) => update({ always_filter_main_dttm: e.currentTarget.checked })}
      />
    </Stack>
  );
}
