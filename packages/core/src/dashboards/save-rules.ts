/** 001 §5 dashboard save rules, applied on the server too so every client gets them. */
export const UNTITLED_DASHBOARD = "[ untitled dashboard ]";

export function normaliseTitle(title: string | null | undefined): string {
  const t = (title ?? "").trim();
  return t === "" ? UNTITLED_DASHBOARD : t;
}

export function normaliseSlug(slug: string | null | undefined): string | null {
  const s = (slug ?? "").trim();
  return s === "" ? null : s;
}

/** Certification details mean nothing without a certifier. */
export function certification(by: string | null | undefined, details: string | null | undefined) {
  const certified_by = (by ?? "").trim() || null;
  return { certified_by, certification_details: certified_by ? (details ?? null) : null };
}
