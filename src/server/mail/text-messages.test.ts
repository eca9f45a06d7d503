import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/lib/logger";
import { type IncomingCall, recordedIn, startRecordedServer } from "#server/test/recorded-server";
import { createTextMessenger, TextMessageError } from "./text-messages";

const recorded = recordedIn("royalties/recorded/twilio");
const logger = createLogger("silent");
const SID = "AC00000000000000000000000000000001";

describe("text messages (SMS)", () => {
  let twilio: Awaited<ReturnType<typeof startRecordedServer>>;
  const calls: IncomingCall[] = [];
  beforeEach(async () => {
    calls.length = 0;
    // A local stand-in for Twilio's Messages API, answering with its documented responses.
    twilio = await startRecordedServer((call) => {
      calls.push(call);
      if (call.method !== "POST" || call.path !== `/2010-04-01/Accounts/${SID}/Messages.json`) return [404, {}];
      return call.body?.To === "+910000000000"
        ? [400, recorded("error-invalid-to")]
        : [201, recorded("message-queued")];
    });
  });
  afterEach(async () => {
    await twilio.close();
  });

  it("sends through Twilio when its keys are set: one form-encoded POST with the account's basic auth", async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "sms-"));
    const texts = createTextMessenger({
      outboxDir,
      logger,
      twilio: { accountSid: SID, authToken: "token", from: "+15005550006", apiUrl: twilio.url },
    });
    expect(texts.transport).toBe("twilio");
    await texts.send({ to: "+919876543210", text: "Your code: 123456" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:token`).toString("base64")}`);
    expect(calls[0]?.body).toEqual({ To: "+919876543210", Body: "Your code: 123456", From: "+15005550006" });
    // Nothing went to the outbox.
    expect(await fs.readdir(outboxDir)).toEqual([]);
    // Twilio's refusal is said in its words.
    await expect(texts.send({ to: "+910000000000", text: "x" })).rejects.toThrow(TextMessageError);
    await expect(texts.send({ to: "+910000000000", text: "x" })).rejects.toThrow(/not a valid phone number/);
  });

  it("uses a Messaging Service when the sender is one, and the outbox without keys", async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "sms-"));
    const service = createTextMessenger({
      outboxDir,
      logger,
      twilio: { accountSid: SID, authToken: "token", from: "MG0000000000000000000000000000001", apiUrl: twilio.url },
    });
    await service.send({ to: "+919876543210", text: "hi" });
    expect(calls[0]?.body).toMatchObject({ MessagingServiceSid: "MG0000000000000000000000000000001" });

    const outbox = createTextMessenger({ outboxDir, logger, twilio: { apiUrl: twilio.url } });
    expect(outbox.transport).toBe("outbox");
    await outbox.send({ to: "+919876543210", text: "hello" });
    const [file] = await fs.readdir(outboxDir);
    expect(JSON.parse(await fs.readFile(path.join(outboxDir, file as string), "utf8"))).toMatchObject({
      to: "+919876543210",
      text: "hello",
    });
    expect(calls).toHaveLength(1);
  });
});
