import { AppShell, Container, Progress } from "@mantine/core";
import { useEffect } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { PanelErrorBoundary } from "../components/error-display";
import { paths } from "../config/paths";
import { logEvent } from "../lib/event-logger";
import { t } from "../lib/i18n";
import { AuthGate } from "./auth-gate";
import { TopNav } from "./top-nav";

/** The authenticated shell: top navigation and the current page. */
export function AppLayout() {
  const location = useLocation();
  // The next page's code is loading (the current page stays until it is in): a bar says so.
  const loadingPage = useNavigation().state === "loading";
  useEffect(() => logEvent("spa_navigation", { path: location.pathname }), [location.pathname]);
  // Explore's standalone mode hides the navigation bar (002 §2).
  const standalone =
    location.pathname === paths.explore &&
    !["", "0", "false", null].includes(new URLSearchParams(location.search).get("standalone"));
  return (
    <AuthGate>
      {loadingPage && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-label={t("Loading")}
          data-test="page-loading"
        />
      )}
      <AppShell header={standalone ? undefined : { height: 56 }} padding="md">
        {!standalone && (
          <AppShell.Header>
            <TopNav />
          </AppShell.Header>
        )}
        <AppShell.Main>
          <Container fluid px="md">
            <PanelErrorBoundary resetKey={location.pathname}>
              {/* Pages load before the router shows them (router.tsx): nothing here waits. */}
              <Outlet />
            </PanelErrorBoundary>
          </Container>
        </AppShell.Main>
      </AppShell>
    </AuthGate>
  );
}
