import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { paths } from "../config/paths";
import { t } from "../lib/i18n";

export default function NotFoundPage() {
  return (
    <Stack align="center" py="xl">
      <Title order={2}>{t("Page not found")}</Title>
      <Text c="dimmed">{t("Sorry, we cannot find the page you are looking for.")}</Text>
      <Anchor component={Link} to={paths.home}>
        {t("Back to home")}
      </Anchor>
    </Stack>
  );
}
