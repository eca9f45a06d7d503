import type { Logger } from "pino";
import { writeToOutbox } from "./mailer";

export interface TextMessage {
  /** An Indian mobile number, +91XXXXXXXXXX. */
  to: string;
  text: string;
}

/**
 * Sends short texts (SMS) to a mobile number: the one-time codes that prove a collaborator holds the
 * number a split invite was sent to. Twilio's Messages API when its keys are set; otherwise the
 * built-in outbox writes each text as JSON under DATA_DIR/sms-outbox, as the mail outbox does.
 */
export interface TextMessenger {
  transport: "twilio" | "outbox";
  send(message: TextMessage): Promise<void>;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number or alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
  apiUrl: string;
}

export class TextMessageError extends Error {}

/** Twilio's Messages API: one form-encoded POST per text, authenticated with the account's SID and token. */
export function createTwilioMessenger(config: TwilioConfig, logger: Logger): TextMessenger {
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  const url = `${config.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  return {
    transport: "twilio",
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.text });
      form.set(config.from.startsWith("MG") ? "MessagingServiceSid" : "From", config.from);
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new TextMessageError(`Twilio could not be reached (${(err as Error).message}).`);
      }
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!res.ok) throw new TextMessageError(body.message ?? `Twilio answered ${res.status}.`);
      logger.info({ to: message.to, sid: body.sid }, "text message sent through Twilio");
    },
  };
}

export function createTextMessenger(opts: {
  outboxDir: string;
  logger: Logger;
  twilio?: Partial<Omit<TwilioConfig, "apiUrl">> & { apiUrl: string };
}): TextMessenger {
  const t = opts.twilio;
  if (t?.accountSid && t.authToken && t.from) {
    opts.logger.info("text messages (SMS): Twilio");
    return createTwilioMessenger(
      { accountSid: t.accountSid, authToken: t.authToken, from: t.from, apiUrl: t.apiUrl },
      opts.logger,
    );
  }
  opts.logger.info(
    { outboxDir: opts.outboxDir },
    "text messages (SMS) go to the built-in outbox folder (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send them)",
  );
  return {
    transport: "outbox",
    async send(message) {
      const file = await writeToOutbox(opts.outboxDir, message);
      // The file, not the text: it carries a one-time code.
      opts.logger.info({ to: message.to, file }, "text message written to outbox");
    },
  };
}
