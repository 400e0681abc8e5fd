import { Center } from "@mantine/core";
import { useRouteError } from "react-router";
import { ErrorAlert } from "../components/error-display/error-alert";
import { t } from "../lib/i18n";

/** Last-resort boundary of the router: 'Unexpected error' with the first line of the message. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error ?? "");
  return (
    <Center p="xl">
      <ErrorAlert title={t("Unexpected error")} subtitle={message.split("\n")[0]} />
    </Center>
  );
}
