import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Tabs, Text, TextInput } from "@mantine/core";
import type { AvailableEngine } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { errorMessage, isApiError } from "../../../../lib/api-error";
import { t } from "../../../../lib/i18n";
import { revalidateResource } from "../../../../lib/resource/resource-write";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { createDatabase, updateDatabase } from "../../api/database-item";
import { testConnection } from "../../api/test-connection";
import { type ParameterErrors, validateParameters } from "../../api/validate-parameters";
import { AdvancedSettings } from "./advanced-settings";
import {
  type ConfigurationMethod,
  cleanParameters,
  type DatabaseFormValues,
  localErrors,
  toDatabaseBody,
} from "./form-values";
import { ParameterFields } from "./parameter-fields";
import { useParameterValidation } from "./use-parameter-validation";

/**
 * The server's messages about fields this form shows, each under its field (a name already taken
 * under "Display name"); none if the refusal names a field the form doesn't show, which is then
 * shown whole above the buttons rather than lost.
 */
function shownFieldErrors(err: unknown, shown: readonly string[]): Record<string, string> | undefined {
  if (!isApiError(err)) return undefined;
  const fields = Object.entries(err.fieldErrors);
  if (fields.length === 0 || fields.some(([name]) => !shown.includes(name))) return undefined;
  return Object.fromEntries(fields.map(([name, messages]) => [name, messages[0]]));
}

interface Props {
  engine: AvailableEngine | null;
  initial: DatabaseFormValues;
  isNew?: boolean;
  databaseId?: number;
  /**
   * The connection can't be changed (the embedded examples database): its fields are not offered
   * and not sent, and a note says why; the name and settings stay editable.
   */
  connectionFixed?: boolean;
  onBack?: () => void;
  onDone: () => void;
}

export function DatabaseForm({
  engine,
  initial,
  isNew = false,
  databaseId,
  connectionFixed = false,
  onBack,
  onDone,
}: Props) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [forced, setForced] = useState<ParameterErrors>({});
  const [showLocal, setShowLocal] = useState(false);
  // A failed save is shown in full above the buttons; a failed test is a toast.
  const saving = useFormSave({ fieldMessages: false });
  const testing = useFormSave({
    fieldMessages: false,
    onFailure: (err) => toast.danger(t("ERROR: %s", errorMessage(err))),
  });
  const [tab, setTab] = useState<string | null>("basic");
  const live = useParameterValidation(values, touched);

  const hasParameterForm = Boolean(engine && Object.keys(engine.parameters?.properties ?? {}).length > 0);
  const method: ConfigurationMethod = hasParameterForm ? values.configuration_method : "sqlalchemy_form";
  const connection = !connectionFixed;
  const local = showLocal ? localErrors(values, { connection }) : {};
  const shownFields = [
    "database_name",
    "extra",
    ...(!connection
      ? []
      : method === "dynamic_form"
        ? Object.keys(engine?.parameters?.properties ?? {})
        : ["sqlalchemy_uri"]),
  ];
  const server = shownFieldErrors(saving.failure, shownFields);
  const errors: Record<string, string> = { ...live, ...forced, ...server, ...local };

  // An edit answers the server's refusal: its message goes until the next save.
  const set = <K extends keyof DatabaseFormValues>(key: K, value: DatabaseFormValues[K]) => {
    saving.dismiss();
    setValues((prev) => ({ ...prev, [key]: value }));
  };
  const setParameter = (name: string, value: unknown) => {
    saving.dismiss();
    setTouched(true);
    setForced(({ [name]: _dropped, ...rest }) => rest);
    setValues((prev) => ({ ...prev, parameters: { ...prev.parameters, [name]: value } }));
  };

  const body = () => toDatabaseBody({ ...values, configuration_method: method }, { connection });

  const runTest = () =>
    testing.save({}, async () => {
      // A fixed connection is tested as saved: the server finds the database by its saved name.
      await testConnection(connection ? body() : { ...body(), database_name: initial.database_name });
      toast.success(t("Connection looks good!"));
    });

  const save = async () => {
    setShowLocal(true);
    const localNow = localErrors(values, { connection });
    if (method === "dynamic_form") delete localNow.sqlalchemy_uri;
    if (Object.keys(localNow).length > 0) {
      setTab(localNow.extra ? "advanced" : "basic");
      return;
    }
    await saving.save({}, async () => {
      if (connection && method === "dynamic_form" && values.engine) {
        const found = await validateParameters(
          {
            engine: values.engine,
            parameters: cleanParameters(values.parameters),
            database_name: values.database_name,
            configuration_method: "dynamic_form",
          },
          true,
        );
        if (Object.keys(found).length > 0) {
          setForced(found);
          setTab("basic");
          return;
        }
      }
      try {
        if (isNew) {
          await createDatabase(body());
          toast.success(t("Database connected"));
        } else {
          await updateDatabase(databaseId!, body());
          toast.success(t("Database settings updated"));
        }
      } catch (err) {
        // A refused field is shown on the tab that holds it.
        const fields = shownFieldErrors(err, shownFields);
        if (fields) setTab(Object.keys(fields).every((name) => name === "extra") ? "advanced" : "basic");
        throw err;
      }
      await revalidateResource("database");
      onDone();
    });
  };

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="basic" data-test="database-tab-basic">
            {t("Basic")}
          </Tabs.Tab>
          <Tabs.Tab value="advanced" data-test="database-tab-advanced">
            {t("Advanced")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="basic" pt="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text size="sm">
                {t("Engine")}: <b>{engine?.name ?? values.engine ?? t("Unknown")}</b>
              </Text>
              {isNew && onBack && (
                <Anchor component="button" type="button" size="sm" onClick={onBack}>
                  {t("Change database type")}
                </Anchor>
              )}
            </Group>
            {connection && hasParameterForm && (
              <SegmentedControl
                value={method}
                onChange={(v) => set("configuration_method", v as ConfigurationMethod)}
                data={[
                  { value: "dynamic_form", label: t("Connection parameters") },
                  { value: "sqlalchemy_form", label: t("SQLAlchemy URI") },
                ]}
                data-test="configuration-method"
              />
            )}
            <TextInput
              label={t("Display name")}
              description={t("Pick a name to help you identify this database.")}
              required
              value={values.database_name}
              error={errors.database_name}
              onChange={(e) => set("database_name", e.currentTarget.value)}
              data-test="database-name-input"
            />
            {!connection ? (
              <Alert color="blue" data-test="builtin-connection-note">
                {t(
                  "This is the embedded examples database: it always uses the DuckDB file that comes with Strata, so its connection can't be changed. You can rename it and change its settings. To query another file, connect a new database.",
                )}
              </Alert>
            ) : method === "dynamic_form" && engine ? (
              <ParameterFields
                engine={engine}
                parameters={values.parameters}
                errors={errors}
                onChange={setParameter}
              />
            ) : (
              <TextInput
                label={t("SQLAlchemy URI")}
                required
                ff="monospace"
                placeholder={engine?.sqlalchemy_uri_placeholder}
                description={t("Refer to the SQLAlchemy documentation of your driver for the URI format.")}
                value={values.sqlalchemy_uri}
                error={errors.sqlalchemy_uri}
                onChange={(e) => set("sqlalchemy_uri", e.currentTarget.value)}
                data-test="sqlalchemy-uri-input"
              />
            )}
            {errors._general && (
              <Alert color="red" data-test="validation-error">
                {errors._general}
              </Alert>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="advanced" pt="md">
          <AdvancedSettings values={values} errors={errors} set={set} />
        </Tabs.Panel>
      </Tabs>
      {saving.failure !== null && !server && <ApiErrorDisplay error={saving.failure} />}
      <Group justify="space-between">
        <Button variant="default" onClick={runTest} loading={testing.busy} data-test="btn-test-connection">
          {t("Test connection")}
        </Button>
        <Group gap="sm">
          {isNew && onBack && (
            <Button variant="default" onClick={onBack}>
              {t("Back")}
            </Button>
          )}
          <Button onClick={save} loading={saving.busy} data-test="btn-submit-connection">
            {isNew ? t("Connect") : t("Finish")}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
