import { Center, Group, Loader, Modal, Text } from "@mantine/core";
import type { DatasetDetail } from "@strata/contracts";
import { IconTable } from "@tabler/icons-react";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";
import { useDataset } from "../../api/dataset-item";
import { EditDatasetForm } from "./edit-dataset-form";

interface Props {
  datasetId: number | null;
  onClose: () => void;
  onSaved?: (dataset: DatasetDetail) => void;
}

/** A large modal titled with the dataset name (001 §2). */
export function EditDatasetModal({ datasetId, onClose, onSaved }: Props) {
  const { data, error } = useDataset(datasetId);
  const title = (
    <Group gap="xs">
      <IconTable size={18} />
      <Text fw={600}>{data?.table_name ?? t("Edit Dataset")}</Text>
    </Group>
  );
  return (
    <Modal
      opened={datasetId !== null}
      onClose={onClose}
      title={title}
      size="80%"
      closeOnClickOutside={false}
      data-test="edit-dataset-modal"
    >
      {error ? (
        <ApiErrorDisplay error={error} />
      ) : !data || data.id !== datasetId ? (
        <Center h={300}>
          <Loader aria-label={t("Loading")} />
        </Center>
      ) : (
        <EditDatasetForm key={data.id} dataset={data} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}
