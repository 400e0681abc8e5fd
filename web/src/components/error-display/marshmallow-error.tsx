import { List } from "@mantine/core";
import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";
import type { ErrorMessageProps } from "./types";

function flatten(messages: unknown, prefix = ""): string[] {
  if (typeof messages === "string") return [prefix ? `${prefix}: ${messages}` : messages];
  if (Array.isArray(messages)) return messages.flatMap((m) => flatten(m, prefix));
  if (messages && typeof messages === "object") {
    return Object.entries(messages).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

/** A form validation error list. */
export function FormValidationErrorMessage({ error, subtitle }: ErrorMessageProps) {
  const items = flatten((error.extra as { messages?: unknown } | null | undefined)?.messages);
  return (
    <ErrorAlert title={t("Validation error")} level={error.level} subtitle={subtitle ?? error.message}>
      {items.length > 0 && (
        <List size="sm">
          {items.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </ErrorAlert>
  );
}
