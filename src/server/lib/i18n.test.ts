import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { FRAUD_MESSAGES } from "#domain/fraud";
import { t } from "#domain/i18n";
import { localizeErrors, localizeMessage } from "./i18n";

describe("a refusal written in English, answered in the reader's language (issue 39)", () => {
  it("recognises each branch of a plural, with the count read back from the words", async () => {
    expect(await localizeMessage("hi", FRAUD_MESSAGES.fileRefused(2))).toBe(
      "कुछ दर्ज नहीं हुआ: पहले फ़ाइल की 2 पंक्तियाँ ठीक करनी होंगी।",
    );
    expect(await localizeMessage("hi", FRAUD_MESSAGES.fileRefused(1))).toBe(
      "कुछ दर्ज नहीं हुआ: पहले फ़ाइल की एक पंक्ति ठीक करनी होंगी।",
    );
    // A count in Indian grouping ("1,200") is read back as a number.
    expect(await localizeMessage("hi", FRAUD_MESSAGES.fileRefused(1200))).toContain("1,200 पंक्तियाँ");
    // A plural and a value in one message.
    expect(await localizeMessage("hi", FRAUD_MESSAGES.unknownIsrc(["QZZZZ2699999", "QZZZZ2699998"]))).toBe(
      "हम ये ISRC डिस्ट्रीब्यूट नहीं करते: QZZZZ2699999, QZZZZ2699998। स्टोर का नोटिस जाँचें।",
    );
    // An exact branch ("=1 {tomorrow}") implies its count.
    expect(await localizeMessage("hi", t("paywall.renewsTitle", { plan: "Pro Artist", days: 1 }))).toBe(
      "आपका Pro Artist प्लान कल रिन्यू होगा",
    );
    expect(await localizeMessage("hi", t("paywall.renewsTitle", { plan: "Pro Artist", days: 7 }))).toBe(
      "आपका Pro Artist प्लान 7 दिन में रिन्यू होगा",
    );
  });

  it("leaves English alone, and words it does not know as they are", async () => {
    expect(await localizeMessage("en", FRAUD_MESSAGES.fileRefused(2))).toBe(FRAUD_MESSAGES.fileRefused(2));
    expect(await localizeMessage("hi", "Something a library said.")).toBe("Something a library said.");
  });

  it("answers a change's message in the reader's language, and leaves reads alone", async () => {
    const app = new Hono();
    app.use("*", localizeErrors);
    const answer = { message: FRAUD_MESSAGES.notOpen, count: 2 };
    app.post("/change", (c) => c.json(answer, 200));
    app.get("/read", (c) => c.json(answer, 200));
    const hindi = { "accept-language": "hi" };
    expect(await (await app.request("/change", { method: "POST", headers: hindi })).json()).toEqual({
      message: "इस केस का फ़ैसला पहले ही हो चुका है।",
      count: 2,
    });
    expect(await (await app.request("/read", { headers: hindi })).json()).toEqual(answer);
    expect(await (await app.request("/change", { method: "POST" })).json()).toEqual(answer);
  });
});
