import { Select } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { t } from "../../lib/i18n";
import { tabOptions } from "./dashboard-anchor";
import { useDashboardTabs } from "./use-dashboard-tabs";

interface Props {
  dashboardId: number;
  /** The chosen tab's layout id; null: the dashboard as it opens. */
  value: string | null;
  onChange: (anchor: string | null) => void;
  "data-test": string;
}

/**
 * Superset's "Select tab" of a dashboard report: the one tab its image or PDF shows. Shown only
 * once the dashboard is known to have tabs. A stored choice the dashboard no longer has is let
 * go (as Superset does), so a save does not keep pointing at a tab that is gone.
 */
export function DashboardTabSelect({ dashboardId, value, onChange, ...rest }: Props) {
  const tabs = useDashboardTabs(dashboardId);
  const data = useMemo(() => (tabs ? tabOptions(tabs.tab_tree, t("Untitled tab")) : []), [tabs]);
  useEffect(() => {
    if (tabs && value !== null && !Object.hasOwn(tabs.all_tabs, value)) onChange(null);
  }, [tabs, value, onChange]);
  if (data.length === 0) return null;
  return (
    <Select
      label={t("Tab")}
      description={t("The tab the report shows. Without one, it shows the first tab of each group of tabs.")}
      placeholder={t("Select tab")}
      searchable
      clearable
      data={data}
      value={value !== null && data.some((o) => o.value === value) ? value : null}
      onChange={(v) => onChange(v || null)}
      nothingFoundMessage={t("No results")}
      data-test={rest["data-test"]}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
