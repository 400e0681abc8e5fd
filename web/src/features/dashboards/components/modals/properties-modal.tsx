import {
  Accordion,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { CATEGORICAL_SCHEMES } from "../../../../components/charts";
import { ownerName } from "../../../../components/owner-avatars";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useFormSave } from "../../../../lib/use-form-save";
import { saveDashboard } from "../../api/save-dashboard";
import type { DashboardMetadata } from "../../model/dashboard-types";
import { HEADER_ID } from "../../model/layout-types";
import { normaliseProperties } from "../../model/save-rules";
import { useDashboard } from "../../state/dashboard-context";
import { DashboardBasicFields, type DashboardBasics } from "./dashboard-basic-fields";

function parseJsonObject(text: string): DashboardMetadata | null {
  try {
    const v = JSON.parse(text || "{}") as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as DashboardMetadata) : null;
  } catch {
    return null;
  }
}

/**
 * Title, slug, owners, certification, colour scheme, CSS and JSON metadata. In edit mode "Apply"
 * keeps them for the dashboard's Save; otherwise "Save" writes them at once (001 §5 rules).
 */
export function PropertiesModal({ onClose }: { onClose: () => void }) {
  const { state, dispatch } = useDashboard();
  const { info, editMode } = state;
  const currentTitle = (state.layout.present[HEADER_ID]?.meta.text as string | undefined) ?? info.title;
  const [basics, setBasics] = useState<DashboardBasics>({
    title: currentTitle,
    slug: info.slug ?? "",
    owners: info.owners.map((o) => ({ value: o.id, label: ownerName(o) })),
    certifiedBy: info.certifiedBy ?? "",
    details: info.certificationDetails ?? "",
  });
  const { title, slug, owners, certifiedBy, details } = basics;
  const [css, setCss] = useState(info.css);
  const [scheme, setScheme] = useState<string | null>(state.metadata.color_scheme ?? null);
  const [json, setJson] = useState(() => JSON.stringify(state.metadata, null, 2));
  const {
    busy: saving,
    message: error,
    save,
    fail,
  } = useFormSave({
    fieldMessages: false,
    forbidden: t("You do not have permission to edit this %s", t("dashboard")),
  });

  const submit = async () => {
    const parsed = parseJsonObject(json);
    if (!parsed) {
      fail(t("JSON metadata is invalid!"));
      return;
    }
    const metadata: DashboardMetadata = { ...parsed };
    if (scheme) metadata.color_scheme = scheme;
    else delete metadata.color_scheme;
    const props = normaliseProperties({
      title,
      slug,
      css,
      certifiedBy,
      certificationDetails: details,
      owners: owners.map((o) => o.value),
    });
    const nextInfo = {
      title: props.dashboard_title,
      slug: props.slug,
      css: props.css,
      certifiedBy: props.certified_by,
      certificationDetails: props.certification_details,
      owners: owners.map((o) => {
        const known = info.owners.find((x) => x.id === o.value);
        return known ?? { id: o.value, first_name: o.label, last_name: "" };
      }),
    };
    if (editMode) {
      dispatch({ type: "SET_PROPERTIES", info: nextInfo, metadata, fromEditMode: true });
      onClose();
      return;
    }
    const saved = await save({}, async () => {
      const res = await saveDashboard(info.id, {
        ...props,
        json_metadata: JSON.stringify(metadata),
        last_modified_time: info.lastModifiedTime,
      });
      dispatch({
        type: "SET_PROPERTIES",
        info: { ...nextInfo, lastModifiedTime: res.last_modified_time },
        metadata,
        fromEditMode: false,
      });
      toast.success(t("The dashboard has been saved"));
    });
    if (saved) onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("Dashboard properties")}
      size="lg"
      data-test="dashboard-properties-modal"
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" data-test="properties-error">
            {error}
          </Alert>
        )}
        <DashboardBasicFields value={basics} onChange={(patch) => setBasics((b) => ({ ...b, ...patch }))} />
        <Select
          label={t("Color scheme")}
          data={Object.entries(CATEGORICAL_SCHEMES).map(([value, s]) => ({ value, label: t(s.label) }))}
          value={scheme}
          onChange={setScheme}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-test="dashboard-color-scheme"
        />
        <Accordion variant="contained">
          <Accordion.Item value="css">
            <Accordion.Control>{t("CSS")}</Accordion.Control>
            <Accordion.Panel>
              <Textarea
                value={css}
                onChange={(e) => setCss(e.currentTarget.value)}
                autosize
                minRows={4}
                maxRows={14}
                styles={{ input: { fontFamily: "monospace" } }}
                aria-label={t("CSS")}
                data-test="dashboard-css"
              />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="advanced">
            <Accordion.Control>{t("Advanced")}</Accordion.Control>
            <Accordion.Panel>
              <Textarea
                label={t("JSON metadata")}
                value={json}
                onChange={(e) => setJson(e.currentTarget.value)}
                autosize
                minRows={6}
                maxRows={18}
                styles={{ input: { fontFamily: "monospace", fontSize: 12 } }}
                data-test="dashboard-json-metadata"
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button onClick={submit} loading={saving} data-test="properties-modal-apply">
            {editMode ? t("Apply") : t("Save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
