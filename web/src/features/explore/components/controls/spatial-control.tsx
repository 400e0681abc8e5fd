import { Checkbox, Select, SimpleGrid, Stack } from "@mantine/core";
import type { ChartDataset } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";

/** Superset's spatial control value: where a row is, from one or two columns. */
interface Spatial {
  type?: "latlong" | "delimited" | "geohash";
  lonCol?: string;
  latCol?: string;
  lonlatCol?: string;
  geohashCol?: string;
  reverseCheckbox?: boolean;
}

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: Spatial) => void;
  dataset: ChartDataset;
  error?: React.ReactNode;
  testId: string;
}

/**
 * Superset's SpatialControl for map charts: longitude and latitude columns, one "lat,lon" text
 * column, or a geohash column; the value is the object Superset stores (`{type, lonCol, …}`).
 */
export function SpatialControl({ label, value, onChange, dataset, error, testId }: Props) {
  const spatial: Spatial = value && typeof value === "object" ? (value as Spatial) : {};
  const type = spatial.type ?? "latlong";
  const columns = dataset.columns.map((c) => ({
    value: c.column_name,
    label: c.verbose_name || c.column_name,
  }));
  const set = (patch: Partial<Spatial>) => onChange({ ...spatial, type, ...patch });
  const column = (key: "lonCol" | "latCol" | "lonlatCol" | "geohashCol", name: string) => (
    <Select
      label={name}
      data={columns}
      value={spatial[key] ?? null}
      onChange={(v) => set({ [key]: v ?? undefined })}
      searchable
      size="xs"
      data-test={`${testId}-${key}`}
    />
  );
  return (
    <Stack gap={4} data-test={testId}>
      <Select
        label={label}
        data={[
          { value: "latlong", label: t("Longitude & Latitude columns") },
          { value: "delimited", label: t("Delimited long & lat single column") },
          { value: "geohash", label: t("Geohash") },
        ]}
        value={type}
        onChange={(v) =>
          v && onChange({ type: v as Spatial["type"], reverseCheckbox: spatial.reverseCheckbox })
        }
        allowDeselect={false}
        error={error}
        data-test={`${testId}-type`}
      />
      {type === "latlong" && (
        <SimpleGrid cols={2} spacing="xs">
          {column("lonCol", t("Longitude"))}
          {column("latCol", t("Latitude"))}
        </SimpleGrid>
      )}
      {type === "delimited" && column("lonlatCol", t("Column"))}
      {type === "geohash" && column("geohashCol", t("Column"))}
      <Checkbox
        size="xs"
        label={t("Reverse lat/long")}
        checked={Boolean(spatial.reverseCheckbox)}
        onChange={(e) => set({ reverseCheckbox: e.currentTarget.checked })}
      />
    </Stack>
  );
}
