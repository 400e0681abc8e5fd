import { Anchor, List } from "@mantine/core";
import { tn } from "../../lib/i18n";
import type { IssueCode } from "./types";

const DOCS = "https://superset.apache.org/docs/using-superset/issue-codes";

/** Issue codes with a documentation link per code. */
export function IssueCodeList({ codes }: { codes: IssueCode[] }) {
  if (codes.length === 0) return null;
  return (
    <List size="sm" spacing={2}>
      {codes.map((c) => (
        <List.Item key={c.code}>
          {c.message}{" "}
          <Anchor href={`${DOCS}#issue-${c.code}`} target="_blank" rel="noreferrer" size="sm">
            ↗
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

export function OwnersLine({ owners }: { owners?: string[] }) {
  if (!owners || owners.length === 0) return null;
  return <>{`${tn("Chart owner", "Chart owners", owners.length)}: ${owners.join(", ")}`}</>;
}
