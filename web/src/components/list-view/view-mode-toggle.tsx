import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { IconLayoutGrid, IconList } from "@tabler/icons-react";
import { t } from "../../lib/i18n";
import type { ViewMode } from "./types";

export function ViewModeToggle({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <SegmentedControl
      aria-label={t("View mode")}
      data-test="view-mode-toggle"
      value={mode}
      onChange={(v) => onChange(v as ViewMode)}
      data={[
        {
          value: "card",
          label: (
            <span data-test="card-view">
              <IconLayoutGrid size={16} style={{ verticalAlign: "middle" }} />
              <VisuallyHidden>{t("Card view")}</VisuallyHidden>
            </span>
          ),
        },
        {
          value: "table",
          label: (
            <span data-test="list-view">
              <IconList size={16} style={{ verticalAlign: "middle" }} />
              <VisuallyHidden>{t("List view")}</VisuallyHidden>
            </span>
          ),
        },
      ]}
    />
  );
}
