import { Button, CopyButton } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { t } from "../lib/i18n";

/** A small "Copy" button that puts `value` on the clipboard and says so for a moment. */
export function CopyTextButton({
  value,
  label = t("Copy"),
  icon = true,
  test,
}: {
  value: string;
  label?: string;
  icon?: boolean;
  test: string;
}) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="default"
          leftSection={icon ? <IconCopy size={14} /> : undefined}
          onClick={copy}
          data-test={test}
        >
          {copied ? t("Copied to clipboard!") : label}
        </Button>
      )}
    </CopyButton>
  );
}
