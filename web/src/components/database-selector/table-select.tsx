import { Select } from "@mantine/core";
import { useDatabaseTables } from "../../lib/database-meta/database-tables";
import { t } from "../../lib/i18n";

interface Props {
  databaseId: number | null;
  catalog: string | null;
  schema: string | null;
  value: string | null;
  onChange: (table: string | null) => void;
  required?: boolean;
}

export function TableSelect({ databaseId, catalog, schema, value, onChange, required }: Props) {
  const { data, isLoading, error } = useDatabaseTables(databaseId, schema, catalog);
  return (
    <Select
      label={t("Table")}
      placeholder={t("Select table or type to search tables")}
      searchable
      required={required}
      disabled={!schema}
      data={(data ?? []).map((tb) => ({
        value: tb.value,
        label: tb.type === "view" ? `${tb.value} (view)` : tb.value,
      }))}
      value={value}
      onChange={onChange}
      nothingFoundMessage={isLoading ? t("Loading...") : t("No tables")}
      error={error ? t("There was an error loading the tables") : undefined}
      data-test="select-table"
    />
  );
}
