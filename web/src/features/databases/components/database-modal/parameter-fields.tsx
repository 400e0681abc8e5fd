import { NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import type { AvailableEngine } from "@strata/contracts";
import { SecretInput } from "../../../../components/secret-input";
import { t, translatable } from "../../../../lib/i18n";

const LABELS: Record<string, string> = {
  host: translatable("Host"),
  port: translatable("Port"),
  database: translatable("Database name"),
  username: translatable("Username"),
  password: translatable("Password"),
  query: translatable("Additional parameters"),
  encryption: translatable("Secure connection (SSL)"),
  path: translatable("Database file"),
  region_name: translatable("AWS region"),
  s3_staging_dir: translatable("S3 staging directory"),
  work_group: translatable("Work group"),
  schema_name: translatable("Schema name"),
  catalog: translatable("Catalog"),
};
const ORDER = Object.keys(LABELS);

const label = (name: string) =>
  t(LABELS[name] ?? name.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase()));

/** `a=1&b=2` ⇄ {a: "1", b: "2"} for the `query` parameter. */
function queryToText(value: unknown): string {
  if (!value || typeof value !== "object") return "";
  return new URLSearchParams(value as Record<string, string>).toString();
}
function textToQuery(text: string): Record<string, string> | "" {
  if (!text.trim()) return "";
  return Object.fromEntries(new URLSearchParams(text));
}

interface Props {
  engine: AvailableEngine;
  parameters: Record<string, unknown>;
  errors: Record<string, string>;
  onChange: (name: string, value: unknown) => void;
}

/** A form generated from the engine's parameters JSON schema. */
export function ParameterFields({ engine, parameters, errors, onChange }: Props) {
  const props = engine.parameters?.properties ?? {};
  const required = new Set(engine.parameters?.required ?? []);
  const names = Object.keys(props).sort((a, b) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  return (
    <Stack gap="sm">
      {names.map((name) => {
        const schema = props[name];
        const common = {
          key: name,
          label: label(name),
          description: schema.description,
          required: required.has(name),
          error: errors[name],
          "data-test": `parameter-${name}`,
        };
        const value = parameters[name];
        if (schema.type === "boolean") {
          const { key, error, ...rest } = common;
          return (
            <Switch
              key={key}
              {...rest}
              error={error}
              checked={Boolean(value)}
              onChange={(e) => onChange(name, e.currentTarget.checked)}
            />
          );
        }
        if (schema.type === "integer" || schema.type === "number") {
          const { key, ...rest } = common;
          return (
            <NumberInput
              key={key}
              {...rest}
              allowDecimal={schema.type === "number"}
              value={typeof value === "number" || typeof value === "string" ? value : ""}
              onChange={(v) => onChange(name, v)}
            />
          );
        }
        if (schema.type === "object") {
          const { key, ...rest } = common;
          return (
            <TextInput
              key={key}
              {...rest}
              placeholder="param1=value1&param2=value2"
              defaultValue={queryToText(value)}
              onBlur={(e) => onChange(name, textToQuery(e.currentTarget.value))}
            />
          );
        }
        const { key, ...rest } = common;
        const Input = name.includes("password") ? SecretInput : TextInput;
        return (
          <Input
            key={key}
            {...rest}
            autoComplete={name.includes("password") ? "new-password" : "off"}
            value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
            onChange={(e) => onChange(name, e.currentTarget.value)}
          />
        );
      })}
    </Stack>
  );
}
