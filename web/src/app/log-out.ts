import { clearPictures } from "../components/charts/render/plotly/plot-pictures";
import { paths } from "../config/paths";
import { logout } from "../features/login/api/logout";

/**
 * Logging out is a POST with the CSRF token; then a full load of the login page drops every
 * cached response of the old session. If the POST fails, the server's /logout/ page (a confirm
 * button) is the way out. Pictures of charts kept in this tab go first.
 */
export function logOut() {
  clearPictures();
  logout().then(
    () => window.location.assign(paths.login),
    () => window.location.assign(paths.logout),
  );
}
