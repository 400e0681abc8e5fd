import { Alert, Anchor, Button, Group, Modal, Stack, Tabs, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { CatalogSchemaSelect, DatabaseSelect, TableSelect } from "../../../components/database-selector";
import { exploreDatasetPath } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-error";
import type { DatabaseOption } from "../../../lib/database-meta/database-options";
import { t } from "../../../lib/i18n";
import { revalidateResource } from "../../../lib/resource/resource-write";
import { toast } from "../../../lib/toast";
import { useFormSave } from "../../../lib/use-form-save";
import { createDataset } from "../api/dataset-item";
import { useSchemaDatasets } from "../api/schema-datasets";

type Kind = "physical" | "virtual";

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated?: (id: number) => void;
}

/** Create a physical dataset (database → schema → table) or a virtual one (SQL). */
export function AddDatasetModal({ opened, onClose, onCreated }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={t("New dataset")} size="lg" data-test="add-dataset-modal">
      {opened && <AddDatasetForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function AddDatasetForm({ onClose, onCreated }: Omit<Props, "opened">) {
  const [kind, setKind] = useState<Kind>("physical");
  const [database, setDatabase] = useState<DatabaseOption | null>(null);
  const [catalog, setCatalog] = useState<string | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [sql, setSql] = useState("");
  const { busy, save } = useFormSave({
    fieldMessages: false,
    onFailure: (err) =>
      toast.danger(t("An error occurred while creating %ss: %s", "dataset", errorMessage(err))),
  });

  const { data: taken } = useSchemaDatasets(database?.value, schema, catalog);
  // A table picked before the list of its datasets came in may turn out to be taken.
  const takenId = table ? taken?.get(table) : undefined;
  const ready =
    Boolean(database) &&
    (kind === "physical" ? Boolean(table) && takenId === undefined : Boolean(name.trim() && sql.trim()));

  const submit = async () => {
    if (!database) return;
    await save({}, async () => {
      const body =
        kind === "physical"
          ? { database: database.value, catalog, schema, table_name: table! }
          : { database: database.value, catalog, schema, table_name: name.trim(), sql };
      const created = await createDataset(body);
      toast.success(t("Dataset %s created", body.table_name));
      await revalidateResource("dataset");
      onCreated?.(created.id);
      onClose();
    });
  };

  return (
    <Stack>
      <Tabs value={kind} onChange={(v) => setKind((v as Kind) ?? "physical")}>
        <Tabs.List>
          <Tabs.Tab value="physical" data-test="add-dataset-physical">
            {t("Physical (table or view)")}
          </Tabs.Tab>
          <Tabs.Tab value="virtual" data-test="add-dataset-virtual">
            {t("Virtual (SQL)")}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <DatabaseSelect
        value={database}
        required
        onChange={(db) => {
          setDatabase(db);
          setCatalog(null);
          setSchema(null);
          setTable(null);
        }}
      />
      <CatalogSchemaSelect
        databaseId={database?.value ?? null}
        multiCatalog={Boolean(database?.allow_multi_catalog)}
        catalog={catalog}
        schema={schema}
        onCatalogChange={setCatalog}
        onSchemaChange={(s) => {
          setSchema(s);
          setTable(null);
        }}
        required={kind === "physical"}
      />
      {kind === "physical" && (
        <TableSelect
          databaseId={database?.value ?? null}
          catalog={catalog}
          schema={schema}
          value={table}
          onChange={setTable}
          required
          taken={taken}
        />
      )}
      {kind === "physical" && takenId !== undefined && (
        <Alert color="yellow" data-test="dataset-exists">
          {t("This table already has a dataset associated with it.")}{" "}
          <Anchor component={Link} to={exploreDatasetPath(takenId)}>
            {t("View dataset")}
          </Anchor>
        </Alert>
      )}
      {kind === "virtual" && (
        <>
          <TextInput
            label={t("Dataset name")}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-test="virtual-dataset-name"
          />
          <Textarea
            label={t("SQL")}
            required
            autosize
            minRows={6}
            ff="monospace"
            placeholder="SELECT ..."
            value={sql}
            onChange={(e) => setSql(e.currentTarget.value)}
            data-test="virtual-dataset-sql"
          />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} disabled={!ready} loading={busy} data-test="modal-confirm-button">
          {t("Create dataset")}
        </Button>
      </Group>
    </Stack>
  );
}
