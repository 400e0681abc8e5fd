import { Alert, Button, Center, Paper, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { BrandLogo } from "../../components/brand-logo";
import { SecretInput } from "../../components/secret-input";
import { safeNextPath } from "../../config/paths";
import { errorMessage } from "../../lib/api-error";
import { reloadMeRoles } from "../../lib/auth/me-roles";
import { t } from "../../lib/i18n";
import { login } from "./api/login";

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: "", password: "" },
    validate: {
      username: (v) => (v.trim() ? null : t("Username is required")),
      password: (v) => (v ? null : t("Password is required")),
    },
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    setBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      await reloadMeRoles();
      navigate(safeNextPath(params.get("next")), { replace: true });
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  });

  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p="xl" w={380} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Center>
              <BrandLogo height={36} />
            </Center>
            <Title order={3} ta="center">
              {t("Sign in")}
            </Title>
            {error && (
              <Alert color="red" data-test="login-error" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t("Username")}
              autoComplete="username"
              autoFocus
              data-test="username-input"
              {...form.getInputProps("username")}
            />
            <SecretInput
              label={t("Password")}
              autoComplete="current-password"
              data-test="password-input"
              {...form.getInputProps("password")}
            />
            <Button type="submit" loading={busy} fullWidth data-test="login-button">
              {t("Sign in")}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
