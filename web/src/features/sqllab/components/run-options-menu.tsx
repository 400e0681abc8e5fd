import { ActionIcon, Menu } from "@mantine/core";
import type { DatabaseRow } from "@strata/contracts";
import { IconChevronDown } from "@tabler/icons-react";
import { t } from "../../../lib/i18n";
import type { CtasMethod } from "../model/types";

/** CREATE TABLE/VIEW AS methods the database allows (allow_ctas / allow_cvas). */
export function ctasMethods(db: Pick<DatabaseRow, "allow_ctas" | "allow_cvas"> | undefined): CtasMethod[] {
  if (!db) return [];
  const out: CtasMethod[] = [];
  if (db.allow_ctas) out.push("TABLE");
  if (db.allow_cvas) out.push("VIEW");
  return out;
}

/** The arrow next to Run: other ways to run (nothing when the database allows none). */
export function RunOptionsMenu({
  database,
  disabled,
  onPick,
}: {
  database: DatabaseRow | undefined;
  disabled?: boolean;
  onPick: (method: CtasMethod) => void;
}) {
  const methods = ctasMethods(database);
  if (methods.length === 0) return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon
          size={30}
          variant="filled"
          disabled={disabled}
          aria-label={t("More ways to run")}
          data-test="run-options"
        >
          <IconChevronDown size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {methods.includes("TABLE") && (
          <Menu.Item onClick={() => onPick("TABLE")} data-test="run-ctas">
            {t("Create table as")}
          </Menu.Item>
        )}
        {methods.includes("VIEW") && (
          <Menu.Item onClick={() => onPick("VIEW")} data-test="run-cvas">
            {t("Create view as")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
