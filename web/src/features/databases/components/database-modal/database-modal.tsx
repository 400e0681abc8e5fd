import { Center, Loader, Modal } from "@mantine/core";
import type { AvailableEngine } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";
import { useAvailableEngines } from "../../api/available-engines";
import { useDatabase } from "../../api/database-item";
import { DatabaseForm } from "./database-form";
import { EnginePicker } from "./engine-picker";
import { emptyValues, valuesFromDetail } from "./form-values";

interface Props {
  opened: boolean;
  /** Edit this database; null to connect a new one. */
  databaseId: number | null;
  onClose: () => void;
}

/** The database connection form (create or edit) in a modal. */
export function DatabaseModal({ opened, databaseId, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={databaseId ? t("Edit database") : t("Connect a database")}
      data-test="database-modal"
      closeOnClickOutside={false}
    >
      {opened &&
        (databaseId ? <EditBody id={databaseId} onClose={onClose} /> : <CreateBody onClose={onClose} />)}
    </Modal>
  );
}

function CreateBody({ onClose }: { onClose: () => void }) {
  const [engine, setEngine] = useState<AvailableEngine | null>(null);
  if (!engine) return <EnginePicker onPick={setEngine} />;
  return (
    <DatabaseForm
      key={engine.engine}
      engine={engine}
      initial={emptyValues(engine.engine, engine.name)}
      isNew
      onBack={() => setEngine(null)}
      onDone={onClose}
    />
  );
}

function EditBody({ id, onClose }: { id: number; onClose: () => void }) {
  const db = useDatabase(id);
  const engines = useAvailableEngines(true);
  if (db.error) return <ApiErrorDisplay error={db.error} />;
  if (!db.data || engines.isLoading) {
    return (
      <Center p="xl">
        <Loader aria-label={t("Loading")} />
      </Center>
    );
  }
  const initial = valuesFromDetail(db.data);
  const engine = engines.data?.find((e) => e.engine === initial.engine) ?? null;
  return (
    <DatabaseForm
      key={id}
      engine={engine}
      initial={initial}
      databaseId={id}
      connectionFixed={Boolean(db.data.builtin)}
      onDone={onClose}
    />
  );
}
