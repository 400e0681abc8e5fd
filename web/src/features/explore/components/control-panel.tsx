import { Accordion, Group, ScrollArea, Stack, Tabs } from "@mantine/core";
import type { ChartDataset, FormData } from "../../../components/charts";
import { t } from "../../../lib/i18n";
import { controlPanelOf } from "../controls/panels";
import type { ControlContext, ControlSection } from "../model/control-types";
import { isVisible } from "../model/form-data";
import { ControlField } from "./controls/control-field";

interface Props {
  formData: FormData;
  dataset: ChartDataset;
  errors: Record<string, string[]>;
  onChange: (name: string, value: unknown) => void;
}

function Section({
  section,
  ctx,
  errors,
  onChange,
}: { section: ControlSection; ctx: ControlContext } & Omit<Props, "formData" | "dataset">) {
  const rows = section.rows
    .map((row) => row.filter((c) => isVisible(c, ctx)))
    .filter((row) => row.length > 0);
  if (!rows.length) return null;
  return (
    <Accordion.Item value={section.label}>
      <Accordion.Control data-test={`section-${section.label}`}>{section.label}</Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {rows.map((row) => (
            <Group key={row.map((c) => c.name).join("|")} grow align="flex-start" gap="xs">
              {row.map((control) => (
                <ControlField
                  key={control.name}
                  control={control}
                  ctx={ctx}
                  errors={errors[control.name]}
                  onChange={onChange}
                />
              ))}
            </Group>
          ))}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** The visualisation's control panel: Data and Customize tabs of collapsible sections. */
export function ControlPanel({ formData, dataset, errors, onChange }: Props) {
  const panel = controlPanelOf(formData.viz_type);
  const ctx: ControlContext = { dataset, formData };
  const tab = (name: "data" | "customize") => {
    const sections = panel.sections.filter((s) => s.tab === name);
    return (
      <Accordion
        multiple
        defaultValue={sections.filter((s) => s.expanded !== false).map((s) => s.label)}
        variant="contained"
      >
        {sections.map((s) => (
          <Section key={s.label} section={s} ctx={ctx} errors={errors} onChange={onChange} />
        ))}
      </Accordion>
    );
  };
  const hasCustomize = panel.sections.some((s) => s.tab === "customize");
  return (
    <Tabs
      defaultValue="data"
      keepMounted={false}
      data-test="control-panel"
      h="100%"
      style={{ display: "flex", flexDirection: "column" }}
    >
      <Tabs.List>
        <Tabs.Tab value="data">{t("Data")}</Tabs.Tab>
        {hasCustomize && <Tabs.Tab value="customize">{t("Customize")}</Tabs.Tab>}
      </Tabs.List>
      <ScrollArea style={{ flex: 1 }} pt="xs" type="auto">
        <Tabs.Panel value="data">{tab("data")}</Tabs.Panel>
        {hasCustomize && <Tabs.Panel value="customize">{tab("customize")}</Tabs.Panel>}
      </ScrollArea>
    </Tabs>
  );
}
