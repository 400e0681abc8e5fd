import { generatePassword } from "./security/passwords.ts";
import type { Core } from "./core.ts";

export interface BootstrapOptions {
  adminUsername?: string;
  adminPassword?: string;
  log: (line: string) => void;
}

/** First start: built-in roles, then an admin (configured, or with a generated password printed once). */
export async function bootstrapSecurity(core: Core, opts: BootstrapOptions): Promise<void> {
  await core.roles.ensureBuiltins();
  const username = opts.adminUsername || "admin";
  if (await core.security.findUserByUsername(username)) return;
  if ((await core.users.all()).length > 0 && !opts.adminUsername) return;
  const adminRole = (await core.roles.all()).find((r) => r.name === "Admin")!;
  const password = opts.adminPassword || generatePassword();
  await core.users.create(null, {
    username,
    first_name: "Strata",
    last_name: "Admin",
    email: `${username}@localhost.localdomain`,
    password,
    active: true,
    roles: [adminRole.id],
  });
  if (opts.adminPassword) opts.log(`Created admin user "${username}" with the configured ADMIN_PASSWORD.`);
  else
    opts.log(
      `Created admin user "${username}" with generated password: ${password}  (shown once; change it in Settings → Users)`,
    );
}
