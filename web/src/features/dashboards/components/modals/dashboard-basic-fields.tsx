import { SimpleGrid, TextInput } from "@mantine/core";
import { type IdOption, RelatedMultiSelect } from "../../../../components/related-multi-select";
import { t } from "../../../../lib/i18n";

/** What both dashboard properties dialogs edit: the open dashboard's and the list row's. */
export interface DashboardBasics {
  title: string;
  slug: string;
  owners: IdOption[];
  certifiedBy: string;
  details: string;
}

/**
 * Title, URL slug, owners and certification. Certification details mean nothing without a
 * certifier, so that field waits for one.
 */
export function DashboardBasicFields({
  value,
  onChange,
}: {
  value: DashboardBasics;
  onChange: (patch: Partial<DashboardBasics>) => void;
}) {
  return (
    <>
      <SimpleGrid cols={2}>
        <TextInput
          label={t("Title")}
          required
          data-autofocus
          value={value.title}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
          data-test="dashboard-title-input"
        />
        <TextInput
          label={t("URL slug")}
          value={value.slug}
          onChange={(e) => onChange({ slug: e.currentTarget.value })}
          data-test="dashboard-slug-input"
        />
      </SimpleGrid>
      <RelatedMultiSelect
        resource="dashboard"
        column="owners"
        label={t("Owners")}
        value={value.owners}
        onChange={(owners) => onChange({ owners })}
        data-test="dashboard-owners"
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t("Certified by")}
          value={value.certifiedBy}
          onChange={(e) => onChange({ certifiedBy: e.currentTarget.value })}
        />
        <TextInput
          label={t("Certification details")}
          value={value.details}
          disabled={!value.certifiedBy.trim()}
          onChange={(e) => onChange({ details: e.currentTarget.value })}
        />
      </SimpleGrid>
    </>
  );
}
