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
  /**
   * Tables that already have a dataset (name → its id): offered greyed out, as Superset's dataset
   * creation does, since a table makes one dataset only.
   */
  taken?: ReadonlyMap<string, number>;
}

export function TableSelect({ databaseId, catalog, schema, value, onChange, required, taken }: Props) {
  const { data, isLoading, error } = useDatabaseTables(databaseId, schema, catalog);
  return (
    <Select
      label={t("Table")}
      placeholder={t("Select table or type to search tables")}
      searchable
      required={required}
      disabled={!schema}
      data={(data ?? []).map((tb) => {
        const label = tb.type === "view" ? `${tb.value} (view)` : tb.value;
        return taken?.has(tb.value)
          ? { value: tb.value, label: t("%s (dataset exists)", label), disabled: true }
          : { value: tb.value, label };
      })}
      description={taken?.size ? t("Tables that already have a dataset are greyed out") : undefined}
      value={value}
      onChange={onChange}
      nothingFoundMessage={isLoading ? t("Loading...") : t("No tables")}
      error={error ? t("There was an error loading the tables") : undefined}
      data-test="select-table"
    />
  );
}
