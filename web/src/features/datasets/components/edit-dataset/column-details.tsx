import { SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { t } from "../../../../lib/i18n";
import type { ColumnDraft } from "./dataset-draft";
import { leftItem, useShownErrors } from "./use-shown-errors";

interface Props {
  column: ColumnDraft;
  onChange: (patch: Partial<ColumnDraft>) => void;
  /** A save was tried: every required field says what it lacks. */
  revealErrors?: boolean;
  /** A field of the column was left (its required fields are checked from then on). */
  onTouch?: () => void;
}

/** Less used column fields, shown when a row is expanded. */
export function ColumnDetails({ column, onChange, revealErrors = false, onTouch }: Props) {
  const shows = useShownErrors(column.id !== null || revealErrors);
  return (
    <Stack gap="xs" p="sm" data-test="column-details" onBlur={leftItem(onTouch)}>
      {column.calculated && (
        <>
          <TextInput
            label={t("Column name")}
            required
            value={column.column_name}
            error={shows("name") && !column.column_name.trim() ? t("Column name is required") : undefined}
            onBlur={() => shows.touch("name")}
            onChange={(e) => onChange({ column_name: e.currentTarget.value })}
            data-test="column-name"
          />
          <Textarea
            label={t("SQL expression")}
            required
            autosize
            minRows={2}
            ff="monospace"
            value={column.expression}
            error={
              shows("expression") && !column.expression.trim()
                ? t("Calculated column expression is required")
                : undefined
            }
            onBlur={() => shows.touch("expression")}
            onChange={(e) => onChange({ expression: e.currentTarget.value })}
            data-test="column-expression"
          />
        </>
      )}
      <SimpleGrid cols={2}>
        <TextInput
          label={t("Label")}
          value={column.verbose_name}
          onChange={(e) => onChange({ verbose_name: e.currentTarget.value })}
          data-test="column-verbose-name"
        />
        <TextInput
          label={t("Data type")}
          value={column.type}
          onChange={(e) => onChange({ type: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Textarea
        label={t("Description")}
        autosize
        minRows={1}
        value={column.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      {column.is_dttm && (
        <TextInput
          label={t("Datetime format")}
          description={t(
            "Python datetime format of the values when they are strings, e.g. %Y-%m-%d or epoch_s",
          )}
          value={column.python_date_format}
          onChange={(e) => onChange({ python_date_format: e.currentTarget.value })}
        />
      )}
    </Stack>
  );
}
