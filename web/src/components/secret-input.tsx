import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { t } from "../lib/i18n";

/**
 * PasswordInput whose visibility toggle is not itself labelled "password", so the field stays the
 * only match for its label (screen readers and `getByLabel('Password')`).
 */
export function SecretInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ "aria-label": t("Show or hide the characters") }}
    />
  );
}
