import { ScrollArea, Table, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { t } from "../../../../lib/i18n";
import { groupLabelsOf } from "../legacy/time-series";
import type { ChartRenderProps } from "../chart-render-props";
import { liftPercent, pairedTTestPValue, type TTestGroup, tTestData } from "./t-test";

const fixed = (v: number, digits: number) => (Number.isFinite(v) ? v.toFixed(digits) : String(v));

function MetricTable({
  metric,
  groups,
  columns,
  alpha,
  pPrecision,
  liftPrecision,
}: {
  metric: string;
  groups: TTestGroup[];
  columns: string[];
  alpha: number;
  pPrecision: number;
  liftPrecision: number;
}) {
  // The control group: the first row until another row is clicked (as in Superset).
  const [control, setControl] = useState(0);
  const base = groups[Math.min(control, groups.length - 1)];
  return (
    <div data-test="paired-ttest-metric">
      <Title order={5} mt="xs">
        {metric}
      </Title>
      <Table striped highlightOnHover withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
            <Table.Th>{t("p-value")}</Table.Th>
            <Table.Th>{t("Lift %")}</Table.Th>
            <Table.Th>{t("Significant")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g, i) => {
            const isControl = g === base;
            const p = isControl ? null : pairedTTestPValue(g.values, base.values);
            const lift = isControl ? null : liftPercent(g.values, base.values);
            return (
              <Table.Tr
                key={g.group.join("\u0000")}
                data-test="paired-ttest-row"
                data-control={isControl || undefined}
                onClick={() => setControl(i)}
                style={{ cursor: "pointer", fontWeight: isControl ? 600 : undefined }}
              >
                {columns.map((c, j) => (
                  <Table.Td key={c}>{g.group[j] ?? ""}</Table.Td>
                ))}
                <Table.Td data-test="paired-ttest-pvalue">
                  {p === null ? t("control") : fixed(p, pPrecision)}
                </Table.Td>
                <Table.Td
                  style={{
                    color: lift === null || !Number.isFinite(lift) ? undefined : lift >= 0 ? "green" : "red",
                  }}
                >
                  {lift === null ? t("control") : fixed(lift, liftPrecision)}
                </Table.Td>
                <Table.Td>{p === null ? t("control") : String(p <= alpha)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * Paired t-test table (Superset's `paired_ttest`): per metric, each group against a control
 * group over the same times: p-value, lift and significance at `significance_level`.
 */
export default function PairedTTestChart({ formData, results, height, onRenderSuccess }: ChartRenderProps) {
  const data = useMemo(() => tTestData(formData, results), [formData, results]);
  const groupColumns = groupLabelsOf(formData);
  const columns = groupColumns.length ? groupColumns : [t("Group")];
  useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);
  return (
    <ScrollArea h={height} data-test="paired-ttest">
      {data.map((d) => (
        <MetricTable
          key={d.metric}
          metric={d.metric}
          groups={d.groups}
          columns={columns}
          alpha={Number(formData.significance_level ?? 0.05)}
          pPrecision={Number(formData.pvalue_precision ?? 6)}
          liftPrecision={Number(formData.liftvalue_precision ?? 4)}
        />
      ))}
    </ScrollArea>
  );
}
