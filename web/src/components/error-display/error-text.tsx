import { Code, Stack, Text } from "@mantine/core";

/** A run of an error message's lines: prose, or SQL quoted by the database with its pointer. */
export interface ErrorTextPart {
  text: string;
  code: boolean;
}

/** "LINE 3: SELECT …" (DuckDB, Postgres), or a line holding only the "^" under the culprit. */
const QUOTED_SQL = /^(LINE \d+:|\s*\^+\s*$)/;
const POINTER = /^\s*\^+\s*$/;

/**
 * Splits a database message into prose and quoted SQL: the lines that start with "LINE n:", a
 * pointer line, and the line a pointer stands under. The pointer means something only under
 * its line in a fixed-width font.
 */
export function splitErrorText(message: string): ErrorTextPart[] {
  const lines = message.split(/\r?\n/);
  const parts: ErrorTextPart[] = [];
  lines.forEach((line, i) => {
    const code = QUOTED_SQL.test(line) || POINTER.test(lines[i + 1] ?? "");
    const last = parts.at(-1);
    if (last?.code === code) last.text += `\n${line}`;
    else parts.push({ text: line, code });
  });
  return parts.map((p) => (p.code ? p : { ...p, text: p.text.trim() })).filter((p) => p.text);
}

const PROSE = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

/**
 * An error message as the database wrote it: its line breaks kept (pre-wrap) and its quoted SQL
 * in a monospace block, so DuckDB's "^" points at the right character.
 */
export function ErrorText({ message }: { message: string }) {
  return (
    <Stack gap={6} data-test="error-text">
      {splitErrorText(message).map((part, i) =>
        part.code ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move
          <Code key={i} block style={{ overflowX: "auto" }} data-test="error-sql">
            {part.text}
          </Code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move
          <Text key={i} size="sm" style={PROSE}>
            {part.text}
          </Text>
        ),
      )}
    </Stack>
  );
}
