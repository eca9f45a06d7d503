import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** "smtp" delivers for real; "outbox" writes each mail as JSON under DATA_DIR/outbox. */
  transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: "smtp",
      async send(message) {
        await transporter.sendMail({ from: opts.from, ...message });
      },
    };
  }
  return {
    transport: "outbox",
    async send(message) {
      const file = await writeToOutbox(opts.outboxDir, { from: opts.from, ...message });
      // The file, not its contents: links in mails carry secrets (reset and confirmation tokens).
      opts.logger.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}

/**
 * The built-in outboxes (mail, texts): each message a JSON file, named by time so the newest is last.
 * Returns the file's path.
 */
export async function writeToOutbox(dir: string, message: object): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const date = new Date().toISOString();
  const file = path.join(dir, `${date.replace(/[:.]/g, "-")}-${randomUUID()}.json`);
  // Written aside and renamed into place: whoever reads the outbox never sees half a message (an
  // end-to-end test once read one mid-write).
  await fs.writeFile(`${file}.part`, JSON.stringify({ date, ...message }, null, 2));
  await fs.rename(`${file}.part`, file);
  return file;
}
