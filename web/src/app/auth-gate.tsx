import { Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { ApiErrorDisplay } from "../components/error-display";
import { loginPath } from "../config/paths";
import { CurrentUserProvider } from "../lib/auth/current-user";
import { useMeRoles } from "../lib/auth/me-roles";
import { t } from "../lib/i18n";

/** Loads the signed-in user; nobody signed in (per the page bootstrap, or a 401) → `/login/?next=<path>`. */
export function AuthGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data, error, isLoading } = useMeRoles();
  if (error?.status === 401 || data === null) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  if (error) {
    return (
      <Center p="xl">
        <ApiErrorDisplay error={error} />
      </Center>
    );
  }
  if (isLoading || !data) {
    return (
      <Center h="100vh">
        <Loader aria-label={t("Loading")} />
      </Center>
    );
  }
  return <CurrentUserProvider user={data}>{children}</CurrentUserProvider>;
}
