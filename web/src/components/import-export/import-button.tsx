import { Button } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { useState } from "react";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { ImportModal } from "./import-modal";

interface Props {
  resource: string;
  /** Singular noun: 'dashboard'. */
  label: string;
  /** Plural noun: 'dashboards'. */
  plural: string;
}

/** The list header's Import button and its modal; a success refreshes the resource's lists. */
export function ImportButton({ resource, label, plural }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setOpened(true)}
        data-test="import-button"
      >
        {t("Import")}
      </Button>
      <ImportModal
        opened={opened}
        resource={resource}
        label={label}
        plural={plural}
        onClose={() => setOpened(false)}
        onImported={() => void revalidateResource(resource)}
      />
    </>
  );
}
