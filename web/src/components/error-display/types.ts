import type { SupersetError } from "@strata/contracts";

/** Where the error is shown; some messages word themselves differently per place. */
export type ErrorSource = "dashboard" | "explore" | "sqllab" | "crud";

export interface ErrorMessageProps {
  error: SupersetError;
  source?: ErrorSource;
  subtitle?: React.ReactNode;
  /** Owners of the chart that failed, so users know whom to contact. */
  owners?: string[];
  /** Reruns the action that failed (OAuth2 flow). */
  onRetry?: () => void;
}

export interface IssueCode {
  code: number;
  message: string;
}

export function issueCodes(error: SupersetError): IssueCode[] {
  const codes = (error.extra as { issue_codes?: unknown } | null | undefined)?.issue_codes;
  return Array.isArray(codes) ? (codes as IssueCode[]) : [];
}
