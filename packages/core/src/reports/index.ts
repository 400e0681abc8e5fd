export * from "./types.ts";
export * from "./list-spec.ts";
export * from "./config.ts";
export type { Mailer, MailMessage, MailReceipt } from "./mailer.ts";
export { createMailer } from "./mailer.ts";
export { isPrivateAddress, webhookSignature } from "./webhook.ts";
export { Reports, type ReportsDeps } from "./service.ts";
