import { ActionIcon, Anchor, Avatar, Button, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout, IconMenu2, IconUser } from "@tabler/icons-react";
import { Link, NavLink } from "react-router";
import { BrandLogo } from "../components/brand-logo";
import { LanguagePicker } from "../components/language-picker";
import { paths } from "../config/paths";
import { useCurrentUser } from "../lib/auth/current-user";
import { t } from "../lib/i18n";
import { logOut } from "./log-out";
import { menus, topLinks } from "./nav-items";
import { NewMenu } from "./new-menu";
import { SettingsMenu } from "./settings-menu";

/**
 * Below this width the links and menus fold into one menu button: at 800 px they pushed Settings
 * and the user menu off the bar (Superset folds its menu the same way).
 */
const FOLD_BELOW = "md";

/** The folded navigation: every link, then each menu's items under its name. */
function FoldedNav() {
  const current = useCurrentUser();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="dark" size="lg" aria-label={t("Menu")} data-test="navbar-fold">
          <IconMenu2 size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-test="navbar-fold-menu">
        {topLinks
          .filter((l) => l.visible(current))
          .map((l) => (
            <Menu.Item key={l.to} component={Link} to={l.to}>
              {t(l.label)}
            </Menu.Item>
          ))}
        {menus.map((menu) => {
          const items = menu.items.filter((i) => i.visible(current));
          if (items.length === 0) return null;
          return (
            <div key={menu.label} role="group" aria-label={t(menu.label)}>
              <Menu.Divider />
              <Menu.Label>{t(menu.label)}</Menu.Label>
              {items.map((i) => (
                <Menu.Item key={i.to} component={Link} to={i.to}>
                  {t(i.label)}
                </Menu.Item>
              ))}
            </div>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

export function TopNav() {
  const current = useCurrentUser();
  const { user } = current;
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label={t("Main")}>
      <Group gap="lg" wrap="nowrap">
        <Anchor component={Link} to={paths.home} aria-label={t("Home")} data-test="navbar-brand">
          <BrandLogo />
        </Anchor>
        <Group hiddenFrom={FOLD_BELOW}>
          <FoldedNav />
        </Group>
        <Group gap={4} wrap="nowrap" visibleFrom={FOLD_BELOW}>
          {topLinks
            .filter((l) => l.visible(current))
            .map((l) => (
              <Button
                key={l.to}
                component={NavLink}
                to={l.to}
                variant="subtle"
                color="dark"
                size="sm"
                data-test="navbar-link"
              >
                {t(l.label)}
              </Button>
            ))}
          {menus.map((menu) => {
            const items = menu.items.filter((i) => i.visible(current));
            if (items.length === 0) return null;
            return (
              <Menu key={menu.label} trigger="click-hover" position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button
                    variant="subtle"
                    color="dark"
                    size="sm"
                    rightSection={<IconChevronDown size={14} />}
                    data-test="navbar-menu"
                  >
                    {t(menu.label)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {items.map((i) => (
                    <Menu.Item key={i.to} component={Link} to={i.to}>
                      {t(i.label)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            );
          })}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NewMenu />
        <SettingsMenu />
        <LanguagePicker />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t("User menu")} data-test="user-menu">
              <Group gap={6} wrap="nowrap">
                <Avatar size="sm" radius="xl" color="strata" name={fullName} />
                {/* Between the fold and a wide screen the name would crowd the bar: the avatar has it. */}
                <Text size="sm" visibleFrom="lg">
                  {fullName}
                </Text>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{user.username}</Menu.Label>
            <Menu.Item leftSection={<IconUser size={14} />} disabled>
              {Object.keys(user.roles).join(", ") || t("No roles")}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={logOut} leftSection={<IconLogout size={14} />} data-test="logout">
              {t("Logout")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
