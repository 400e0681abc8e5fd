import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../components/page-header";
import { useCurrentUser } from "../../lib/auth/current-user";
import { t } from "../../lib/i18n";
import { PasswordForm } from "./password-form";

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {value || "—"}
      </Text>
    </Stack>
  );
}

/** `/user_info/`: who the signed-in user is, their roles, and changing their password. */
export default function UserInfoPage() {
  const { user } = useCurrentUser();
  const [changing, setChanging] = useState(false);
  const roles = Object.keys(user.roles);
  return (
    <>
      <PageHeader
        title={t("Your user information")}
        actions={
          <Button
            leftSection={<IconKey size={16} />}
            variant="default"
            onClick={() => setChanging(true)}
            data-test="reset-password"
          >
            {t("Reset my password")}
          </Button>
        }
      />
      <Card withBorder m="md" padding="lg" data-test="user-info">
        <Title order={4} mb="md">
          {t("User info")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label={t("First name")} value={user.first_name} />
          <Field label={t("Last name")} value={user.last_name} />
          <Field label={t("User Name")} value={user.username} />
          <Field label={t("Email")} value={user.email} />
          <Field
            label={t("Roles")}
            value={
              roles.length ? (
                <Group gap={4}>
                  {roles.map((r) => (
                    <Badge key={r} variant="light" data-test="user-role">
                      {r}
                    </Badge>
                  ))}
                </Group>
              ) : (
                t("No roles")
              )
            }
          />
        </SimpleGrid>
      </Card>
      <Modal opened={changing} onClose={() => setChanging(false)} title={t("Reset password")}>
        {changing && <PasswordForm onDone={() => setChanging(false)} />}
      </Modal>
    </>
  );
}
