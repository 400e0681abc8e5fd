import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { RLS_FILTER_TYPES, type RlsFilterType, RlsPostSchema, type RlsRow } from "@strata/contracts";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { type IdOption, RelatedMultiSelect } from "../../components/related-multi-select";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { schemaErrors } from "../../lib/schema-errors";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { useLastValue } from "../../lib/use-last-value";
import { useRelatedNames } from "./api/related-names";
import { createRule, RLS, updateRule } from "./api/rules";

// Superset's help texts of the rule modal, word for word (read at render: the locale may change).
const help = () => ({
  filterType: t(
    "Regular filters add where clauses to queries if a user belongs to a role referenced in the filter, base filters apply filters to all queries except the roles defined in the filter, and can be used to define what users can see if no RLS filters within a filter group apply to them.",
  ),
  tables: t("These are the datasets this filter will be applied to."),
  roles: t(
    "For regular filters, these are the roles this filter will be applied to. For base filters, these are the roles that the filter DOES NOT apply to, e.g. Admin if admin should see all data.",
  ),
  groupKey: t(
    "Filters with the same group key will be ORed together within the group, while different filter groups will be ANDed together. Undefined group keys are treated as unique groups, i.e. are not grouped together. For example, if a table has three filters, of which two are for departments Finance and Marketing (group key = 'department'), and one refers to the region Europe (group key = 'region'), the filter clause would apply the filter (department = 'Finance' OR department = 'Marketing') AND (region = 'Europe').",
  ),
  clause: t(
    "This is the condition that will be added to the WHERE clause. For example, to only return rows for a particular client, you might define a regular filter with the clause `client_id = 9`. To display no rows unless a user belongs to a RLS filter role, a base filter can be created with the clause `1 = 0` (always false).",
  ),
});

/** A field label with its help text behind an info icon, as Superset draws them. */
function Label({ text, help }: { text: string; help: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      {text}
      <Tooltip label={help} multiline w={360} withArrow>
        <IconInfoCircle size={14} aria-label={help} />
      </Tooltip>
    </Group>
  );
}

interface Props {
  /** The rule to edit, "new" to add one, null when closed. */
  rule: RlsRow | "new" | null;
  onClose: () => void;
}

/** Superset's row level security rule modal. */
export function RuleModal({ rule: current, onClose }: Props) {
  const { value: rule, opening } = useLastValue(current);
  const isNew = rule === "new";
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={isNew ? t("Add Rule") : t("Edit Rule")}
      size="lg"
      data-test="rls-modal"
    >
      {rule !== null && <RuleForm key={opening} rule={isNew ? null : rule} onClose={onClose} />}
    </Modal>
  );
}

const named = (ids: number[], names: Map<number, string>): IdOption[] =>
  ids.map((id) => ({ value: id, label: names.get(id) ?? `#${id}` }));

function RuleForm({ rule, onClose }: { rule: RlsRow | null; onClose: () => void }) {
  const helpText = help();
  const tableNames = useRelatedNames("tables");
  const roleNames = useRelatedNames("roles");
  const [name, setName] = useState(rule?.name ?? "");
  const [filterType, setFilterType] = useState<RlsFilterType>(rule?.filter_type ?? "Regular");
  // Chosen options keep their labels; stored ids are named once the names have loaded.
  const [tables, setTables] = useState<IdOption[] | null>(null);
  const [roles, setRoles] = useState<IdOption[] | null>(null);
  const [groupKey, setGroupKey] = useState(rule?.group_key ?? "");
  const [clause, setClause] = useState(rule?.clause ?? "");
  const [description, setDescription] = useState(rule?.description ?? "");
  const { busy, errors, failure, save } = useFormSave();
  const shownTables = tables ?? named(rule?.tables ?? [], tableNames);
  const shownRoles = roles ?? named(rule?.roles ?? [], roleNames);

  const submit = async () => {
    const body = {
      name,
      filter_type: filterType,
      tables: shownTables.map((o) => o.value),
      roles: shownRoles.map((o) => o.value),
      group_key: groupKey.trim() ? groupKey.trim() : null,
      clause,
      description: description.trim() ? description : null,
    };
    const found = schemaErrors(RlsPostSchema, body);
    if (body.tables.length === 0) found.tables = t("Select at least one dataset");
    const ok = await save(found, () => (rule ? updateRule(rule.id, body) : createRule(body)));
    if (!ok) return;
    toast.success(rule ? t("Rule %s updated", name.trim()) : t("Rule %s added", name.trim()));
    await revalidateResource(RLS);
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Rule Name")}
        required
        data-autofocus
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-test="rule-name-test"
      />
      <Select
        label={<Label text={t("Filter Type")} help={helpText.filterType} />}
        required
        allowDeselect={false}
        data={RLS_FILTER_TYPES.map((v) => ({ value: v, label: t(v) }))}
        value={filterType}
        error={errors.filter_type}
        onChange={(v) => v && setFilterType(v as RlsFilterType)}
        data-test="filter-type-test"
      />
      <Stack gap={2}>
        <RelatedMultiSelect
          resource={RLS}
          column="tables"
          label={t("Datasets")}
          value={shownTables}
          onChange={setTables}
          data-test="rls-tables"
        />
        <Text size="xs" c="dimmed">
          {helpText.tables}
        </Text>
        {errors.tables && (
          <Text size="xs" c="red" role="alert">
            {errors.tables}
          </Text>
        )}
      </Stack>
      <Stack gap={2}>
        <RelatedMultiSelect
          resource={RLS}
          column="roles"
          label={t("Roles")}
          value={shownRoles}
          onChange={setRoles}
          data-test="rls-roles"
        />
        <Text size="xs" c="dimmed">
          {helpText.roles}
        </Text>
        {errors.roles && (
          <Text size="xs" c="red" role="alert">
            {errors.roles}
          </Text>
        )}
      </Stack>
      <TextInput
        label={<Label text={t("Group Key")} help={helpText.groupKey} />}
        value={groupKey}
        error={errors.group_key}
        onChange={(e) => setGroupKey(e.currentTarget.value)}
        data-test="group-key-test"
      />
      <Textarea
        label={<Label text={t("Clause")} help={helpText.clause} />}
        required
        autosize
        minRows={3}
        value={clause}
        error={errors.clause}
        onChange={(e) => setClause(e.currentTarget.value)}
        data-test="clause-test"
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      <Textarea
        label={t("Description")}
        autosize
        minRows={2}
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        data-test="description-test"
      />
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="modal-save-button">
          {rule ? t("Save") : t("Add")}
        </Button>
      </Group>
    </Stack>
  );
}
