import type { Logger } from "pino";
import { writeToOutbox } from "./mailer";

export interface TextMessage {
  /** An Indian mobile number, +91XXXXXXXXXX. */
  to: string;
  text: string;
}

/**
 * Sends short texts (SMS) to a mobile number: the one-time codes that prove a collaborator holds the
 * number a split invite was sent to. The built-in outbox writes each text as JSON under
 * DATA_DIR/sms-outbox, as the mail outbox does; no SMS gateway adapter exists yet (decision 020).
 */
export interface TextMessenger {
  transport: "outbox";
  send(message: TextMessage): Promise<void>;
}

export function createTextMessenger(opts: { outboxDir: string; logger: Logger }): TextMessenger {
  opts.logger.info({ outboxDir: opts.outboxDir }, "text messages (SMS) go to the built-in outbox folder");
  return {
    transport: "outbox",
    async send(message) {
      const file = await writeToOutbox(opts.outboxDir, message);
      // The file, not the text: it carries a one-time code.
      opts.logger.info({ to: message.to, file }, "text message written to outbox");
    },
  };
}
