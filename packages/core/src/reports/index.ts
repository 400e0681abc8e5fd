export * from "./types.ts";
export * from "./list-spec.ts";
export * from "./config.ts";
export type { Mailer, MailMessage, MailReceipt } from "./mailer.ts";
export { createMailer } from "./mailer.ts";
export { isPrivateAddress, WEBHOOK_FILE_CAP_BYTES, webhookSignature } from "./webhook.ts";
export { Reports, type ReportsDeps } from "./service.ts";
export type {
  RenderedFile,
  RenderFormat,
  RenderJob,
  RenderOptions,
  ReportRenderer,
} from "./render-port.ts";
export { NO_RENDERER, RENDER_MAX_SEC } from "./runner.ts";
