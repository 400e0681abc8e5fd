import { Text } from "@mantine/core";
import { t } from "../../../lib/i18n";

/** A panel whose list could not be read says so in place; the rest of the page still works. */
export function HomeLoadError({ noun, message }: { noun?: string; message: string }) {
  return (
    <Text size="sm" c="red" py="sm" role="alert">
      {noun
        ? t("An error occurred while fetching %ss: %s", noun, message)
        : t("There was an issue fetching your recent activity: %s", message)}
    </Text>
  );
}
