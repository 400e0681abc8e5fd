/** Parses an `extra` JSON text; anything unparsable counts as empty. */
export function parseExtra(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export interface Certification {
  certified_by: string;
  details: string;
}

export function readCertification(extra: Record<string, unknown>): Certification {
  const c = (extra.certification ?? {}) as Partial<Certification>;
  return { certified_by: c.certified_by ?? "", details: c.details ?? "" };
}

/**
 * Extra JSON holding certification {certified_by, details} and warning_markdown (001 §3);
 * other keys are kept. Certification is dropped without a certifier; null when nothing is left.
 */
export function buildExtra(
  base: Record<string, unknown>,
  certifiedBy: string,
  details: string,
  warning: string,
): string | null {
  const extra: Record<string, unknown> = { ...base };
  delete extra.certification;
  delete extra.warning_markdown;
  if (certifiedBy.trim()) extra.certification = { certified_by: certifiedBy.trim(), details: details.trim() };
  if (warning.trim()) extra.warning_markdown = warning;
  return Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
}
