import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { createAppRouter } from "./app/router";
import { loginPath, paths } from "./config/paths";
import { setUnauthorizedHandler } from "./lib/api-client";

const router = createAppRouter();

// Any 401 from the API (session expired) goes to the login page, coming back here afterwards.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (!pathname.startsWith(paths.login))
    void router.navigate(loginPath(pathname + search), { replace: true });
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
