import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { apiGet } from "../lib/api-client";
import { theme } from "./theme";

const swrConfig = {
  fetcher: (key: string) => apiGet(key),
  revalidateOnFocus: false,
  shouldRetryOnError: false,
};

/** Theme, toasts, modals and data-fetching defaults for the whole SPA. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={5} />
      <SWRConfig value={swrConfig}>
        <ModalsProvider>{children}</ModalsProvider>
      </SWRConfig>
    </MantineProvider>
  );
}
