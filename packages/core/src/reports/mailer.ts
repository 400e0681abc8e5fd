import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type { ReportSettings } from "./config.ts";

export interface MailMessage {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  text: string;
  attachments: {
    filename: string;
    content: Buffer;
    contentType: string;
    /** Set for an image the HTML body shows (`<img src="cid:…">`); such a part is inline. */
    cid?: string;
    contentDisposition?: "inline" | "attachment";
  }[];
}

/** Where a message went: the SMTP server's id for it, or the outbox file it was written to. */
export interface MailReceipt {
  messageId: string;
  file?: string;
}

/** The mail port: SMTP in production, an outbox folder of `.eml` files without a mail server. */
export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
}

/**
 * nodemailer (a sixth of the API bundle) is read on the first message sent, not on every cold
 * start of a function that may never send one; the transport is made once and reused after.
 */
function lazyTransport(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

/** The mailer the settings describe; undefined when email cannot be sent at all. */
export function createMailer(settings: ReportSettings): Mailer | undefined {
  const from = settings.mailFrom;
  const { smtp, outboxDir } = settings;
  if (smtp) {
    const transport = lazyTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.ssl,
      requireTLS: !smtp.ssl && smtp.starttls,
      ignoreTLS: !smtp.ssl && !smtp.starttls,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? "" } : undefined,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(m) {
        const info = await (await transport()).sendMail({ from, ...m });
        return { messageId: info.messageId };
      },
    };
  }
  if (!outboxDir) return undefined;
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await (await transport()).sendMail({ from, ...m });
      mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
      const file = join(outboxDir, `${randomUUID()}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId, file };
    },
  };
}
