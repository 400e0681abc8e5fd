import { ActionIcon, Tooltip } from "@mantine/core";
import type { DatabaseRow } from "@strata/contracts";
import { IconCalculator } from "@tabler/icons-react";
import { useState } from "react";
import { t } from "../../../lib/i18n";
import type { CostEstimate } from "../model/cost-estimates";
import { EstimateCostModal } from "./estimate-cost-modal";

/** Engines whose EXPLAIN the server returns as a cost estimate. */
/** Whether the database offers a cost estimate (`allows_cost_estimate` on its row, as in Superset). */
export function allowsCostEstimate(db: DatabaseRow | undefined): boolean {
  return db?.allows_cost_estimate === true;
}

/**
 * The 'Estimate cost' button (only for databases that allow it) and its modal. `onRequest` asks for the
 * estimate of what would run now; `estimate` is the tab's current one.
 */
export function EstimateCost({
  database,
  disabled,
  onRequest,
  estimate,
}: {
  database: DatabaseRow | undefined;
  disabled?: boolean;
  onRequest: () => void;
  estimate: CostEstimate | undefined;
}) {
  const [opened, setOpened] = useState(false);
  if (!allowsCostEstimate(database)) return null;
  return (
    <>
      {/* An icon button: the toolbar has no room left for another label at common widths. */}
      <Tooltip label={t("Estimate cost")}>
        <ActionIcon
          variant="default"
          size={30}
          aria-label={t("Estimate cost")}
          disabled={disabled}
          onClick={() => {
            onRequest();
            setOpened(true);
          }}
          data-test="estimate-cost"
        >
          <IconCalculator size={16} />
        </ActionIcon>
      </Tooltip>
      <EstimateCostModal opened={opened} onClose={() => setOpened(false)} estimate={estimate} />
    </>
  );
}
