import { Select } from "@mantine/core";
import { useMemo } from "react";
import { t } from "../../lib/i18n";

/** Every IANA zone the browser knows, UTC first. */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...known.filter((z) => z !== "UTC")];
}

/** The zone of this browser, the default of a new schedule. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

interface Props {
  value: string;
  onChange: (zone: string) => void;
  error?: string;
}

/** A searchable select of IANA time zones, for when a schedule fires. */
export function TimezoneSelect({ value, onChange, error }: Props) {
  const data = useMemo(() => {
    const zones = timeZones();
    return zones.includes(value) ? zones : [value, ...zones];
  }, [value]);
  return (
    <Select
      label={t("Timezone")}
      searchable
      allowDeselect={false}
      data={data}
      value={value}
      error={error}
      onChange={(z) => z && onChange(z)}
      limit={200}
      data-test="timezone-select"
      comboboxProps={{ withinPortal: false }}
    />
  );
}
