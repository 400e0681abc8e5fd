import { AppShell, Center, Container, Loader } from "@mantine/core";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { PanelErrorBoundary } from "../components/error-display";
import { AuthGate } from "./auth-gate";
import { TopNav } from "./top-nav";

/** The authenticated shell: top navigation and the current page (lazy-loaded). */
export function AppLayout() {
  const location = useLocation();
  return (
    <AuthGate>
      <AppShell header={{ height: 56 }} padding="md">
        <AppShell.Header>
          <TopNav />
        </AppShell.Header>
        <AppShell.Main>
          <Container fluid px="md">
            <PanelErrorBoundary resetKey={location.pathname}>
              <Suspense
                fallback={
                  <Center p="xl">
                    <Loader aria-label="Loading" />
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
