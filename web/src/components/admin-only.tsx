import type { ReactNode } from "react";
import { useCurrentUser } from "../lib/auth/current-user";
import { t } from "../lib/i18n";
import { ErrorAlert } from "./error-display/error-alert";

/** Pages for administrators only; others see why instead of failing calls. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useCurrentUser();
  if (!isAdmin)
    return (
      <ErrorAlert title={t("Forbidden")} subtitle={t("Only administrators can manage users and roles.")} />
    );
  return <>{children}</>;
}
