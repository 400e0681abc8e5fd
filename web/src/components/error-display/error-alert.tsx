import { Alert, Anchor, Collapse, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ErrorLevel } from "@strata/contracts";
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { t } from "../../lib/i18n";
import { ErrorText } from "./error-text";

const LEVEL: Record<ErrorLevel, { color: string; icon: React.ReactNode }> = {
  error: { color: "red", icon: <IconAlertCircle size={18} /> },
  warning: { color: "yellow", icon: <IconAlertTriangle size={18} /> },
  info: { color: "blue", icon: <IconInfoCircle size={18} /> },
};

export interface ErrorAlertProps {
  title: React.ReactNode;
  level?: ErrorLevel;
  subtitle?: React.ReactNode;
  /** Longer explanation shown behind a "See more" toggle. */
  body?: React.ReactNode;
  children?: React.ReactNode;
}

/** The frame every error message is drawn in. */
export function ErrorAlert({ title, level = "error", subtitle, body, children }: ErrorAlertProps) {
  const [open, { toggle }] = useDisclosure(false);
  const style = LEVEL[level] ?? LEVEL.error;
  return (
    <Alert
      color={style.color}
      icon={style.icon}
      title={title}
      // The body may shrink below its widest line (a database's quoted SQL): in a dashboard's
      // narrow chart cell the message wraps and the SQL scrolls instead of being cut off.
      styles={{ body: { minWidth: 0 } }}
      data-test="error-alert"
      role="alert"
    >
      <Stack gap={6}>
        {typeof subtitle === "string" ? (
          <ErrorText message={subtitle} />
        ) : (
          subtitle !== undefined && <Text size="sm">{subtitle}</Text>
        )}
        {children}
        {body !== undefined && body !== null && (
          <>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={toggle}
              style={{ alignSelf: "flex-start" }}
            >
              {open ? t("See less") : t("See more")}
            </Anchor>
            <Collapse expanded={open}>{body}</Collapse>
          </>
        )}
      </Stack>
    </Alert>
  );
}
