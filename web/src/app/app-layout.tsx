import { AppShell, Center, Container, Loader } from "@mantine/core";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PanelErrorBoundary } from "../components/error-display";
import { paths } from "../config/paths";
import { logEvent } from "../lib/event-logger";
import { t } from "../lib/i18n";
import { AuthGate } from "./auth-gate";
import { TopNav } from "./top-nav";

/** The authenticated shell: top navigation and the current page (lazy-loaded). */
export function AppLayout() {
  const location = useLocation();
  useEffect(() => logEvent("spa_navigation", { path: location.pathname }), [location.pathname]);
  // Explore's standalone mode hides the navigation bar (002 §2).
  const standalone =
    location.pathname === paths.explore &&
    !["", "0", "false", null].includes(new URLSearchParams(location.search).get("standalone"));
  return (
    <AuthGate>
      <AppShell header={standalone ? undefined : { height: 56 }} padding="md">
        {!standalone && (
          <AppShell.Header>
            <TopNav />
          </AppShell.Header>
        )}
        <AppShell.Main>
          <Container fluid px="md">
            <PanelErrorBoundary resetKey={location.pathname}>
              <Suspense
                fallback={
                  <Center p="xl">
                    <Loader aria-label={t("Loading")} />
                  </Center>
                }
              >
                <Outlet />
              </Suspense>
            </PanelErrorBoundary>
          </Container>
        </AppShell.Main>
      </AppShell>
    </AuthGate>
  );
}
