import { Select } from "@mantine/core";
import { useDatabaseCatalogs } from "../../lib/database-meta/database-catalogs";
import { useDatabaseSchemas } from "../../lib/database-meta/database-schemas";
import { t } from "../../lib/i18n";
import { useReconciledChoice } from "./use-reconciled-choice";

interface Props {
  databaseId: number | null;
  /** Catalogs are offered only when the database allows several. */
  multiCatalog: boolean;
  catalog: string | null;
  schema: string | null;
  onCatalogChange: (catalog: string | null) => void;
  onSchemaChange: (schema: string | null) => void;
  required?: boolean;
  /** Only the schemas files may be uploaded into (the upload form). */
  uploadAllowed?: boolean;
}

/** Catalog and schema pickers with auto-select of a sole option and clearing of a stale one. */
export function CatalogSchemaSelect({
  databaseId,
  multiCatalog,
  catalog,
  schema,
  onCatalogChange,
  onSchemaChange,
  required,
  uploadAllowed = false,
}: Props) {
  const catalogs = useDatabaseCatalogs(databaseId, multiCatalog);
  const schemas = useDatabaseSchemas(
    databaseId,
    multiCatalog ? catalog : null,
    !multiCatalog || catalog !== null,
    uploadAllowed,
  );
  useReconciledChoice(catalog, multiCatalog ? catalogs.data : undefined, onCatalogChange);
  useReconciledChoice(schema, schemas.data, onSchemaChange);
  return (
    <>
      {multiCatalog && (
        <Select
          label={t("Catalog")}
          placeholder={t("Select catalog or type to search catalogs")}
          searchable
          disabled={!databaseId}
          data={catalogs.data ?? []}
          value={catalog}
          onChange={(v) => {
            onCatalogChange(v);
            onSchemaChange(null);
          }}
          nothingFoundMessage={catalogs.isLoading ? t("Loading...") : t("No catalogs")}
          data-test="select-catalog"
        />
      )}
      <Select
        label={t("Schema")}
        placeholder={t("Select schema or type to search schemas")}
        searchable
        required={required}
        disabled={!databaseId}
        data={schemas.data ?? []}
        value={schema}
        onChange={onSchemaChange}
        nothingFoundMessage={schemas.isLoading ? t("Loading...") : t("No schemas")}
        data-test="select-schema"
      />
    </>
  );
}
