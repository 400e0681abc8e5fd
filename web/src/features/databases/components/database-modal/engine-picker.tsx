import { Button, Loader, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import type { AvailableEngine } from "@strata/contracts";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";
import { useAvailableEngines } from "../../api/available-engines";

/** Step 1 of a new connection: pick one of the engines the server supports. */
export function EnginePicker({ onPick }: { onPick: (engine: AvailableEngine) => void }) {
  const { data, error, isLoading } = useAvailableEngines(true);
  if (isLoading) return <Loader aria-label={t("Loading")} />;
  if (error) return <ApiErrorDisplay error={error} />;
  const engines = data ?? [];
  const preferred = engines.filter((e) => e.preferred);
  return (
    <Stack>
      <Text fw={600}>{t("Select a database to connect")}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {(preferred.length ? preferred : engines).map((e) => (
          <Button
            key={e.engine}
            variant="default"
            h={64}
            onClick={() => onPick(e)}
            data-test={`engine-${e.engine}`}
          >
            {e.name}
          </Button>
        ))}
      </SimpleGrid>
      <Select
        label={t("Or choose from a list of other databases we support:")}
        placeholder={t("Choose a database...")}
        data={engines.map((e) => ({ value: e.engine, label: e.name }))}
        onChange={(v) => {
          const engine = engines.find((e) => e.engine === v);
          if (engine) onPick(engine);
        }}
        data-test="select-engine"
      />
    </Stack>
  );
}
