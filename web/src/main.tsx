import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { createAppRouter } from "./app/router";
import { loginPath, paths } from "./config/paths";
import { setAsyncJobTimeout } from "./components/charts/data/async-job";
import { setUnauthorizedHandler } from "./lib/api-client";
import { seedMeRoles } from "./lib/auth/me-roles";
import { bootstrapConfNumber, bootstrapMeRoles, readBootstrap } from "./lib/bootstrap";
import { activateLocale, initialLocale } from "./lib/i18n";

// Who the page was served to and the server's limits, inlined in the HTML: no request before the
// first paint, and no 401 for a visitor who isn't signed in.
const boot = readBootstrap();
if (boot) {
  seedMeRoles(bootstrapMeRoles(boot));
  const timeout = bootstrapConfNumber(boot, "SUPERSET_WEBSERVER_TIMEOUT");
  if (timeout) setAsyncJobTimeout(timeout);
}

const router = createAppRouter();

// Any 401 from the API (session expired) goes to the login page, coming back here afterwards.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (!pathname.startsWith(paths.login))
    void router.navigate(loginPath(pathname + search), { replace: true });
});

// The UI language's catalogue (a lazy chunk; none for English) loads before the first render, so
// no screen flashes in English first.
void activateLocale(initialLocale(boot)).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
