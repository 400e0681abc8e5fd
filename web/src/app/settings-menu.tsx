import { Button, Menu } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { Link } from "react-router";
import { version } from "../../package.json";
import { useCurrentUser } from "../lib/auth/current-user";
import { t } from "../lib/i18n";
import { logOut } from "./log-out";
import { settingsGroups } from "./nav-items";

/**
 * Settings, as Superset's right-hand menu: Security, Manage and User sections (each item only with
 * its permission, empty sections left out), Logout in the User section, and About with the version.
 */
export function SettingsMenu() {
  const current = useCurrentUser();
  const groups = settingsGroups
    .map((g) => ({ ...g, items: g.items.filter((i) => i.visible(current)) }))
    .filter((g) => g.items.length > 0 || g.label === "User");
  return (
    <Menu trigger="click-hover" position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="sm"
          rightSection={<IconChevronDown size={14} />}
          data-test="navbar-menu"
        >
          {t("Settings")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-test="settings-menu">
        {groups.map((g, index) => (
          <div key={g.label} role="group" aria-label={t(g.label)} data-test={`settings-group-${g.label}`}>
            {index > 0 && <Menu.Divider />}
            <Menu.Label>{t(g.label)}</Menu.Label>
            {g.items.map((i) => (
              <Menu.Item key={i.to} component={Link} to={i.to}>
                {t(i.label)}
              </Menu.Item>
            ))}
            {g.label === "User" && (
              <Menu.Item onClick={logOut} data-test="settings-logout">
                {t("Logout")}
              </Menu.Item>
            )}
          </div>
        ))}
        <Menu.Divider />
        <div role="group" aria-label={t("About")} data-test="settings-group-About">
          <Menu.Label>{t("About")}</Menu.Label>
          <Menu.Label c="dimmed" fw={400} data-test="about-version">
            {t("Version: %s", version)}
          </Menu.Label>
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
