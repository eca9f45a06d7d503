import { afterEach, describe, expect, it } from "vitest";
import { anomalyMessage } from "#domain/fraud";
import { auditArtwork, findingTexts } from "#domain/quality";
import { SPLIT_MESSAGES, SPLIT_ROLE_LABELS, splitTemplateSchema } from "#domain/splits";
import { auditSummary, WORKSPACE_MESSAGES } from "#domain/workspaces";
import { activateLocale } from "./index";

describe("labels read from the catalogues (labelsAt)", () => {
  afterEach(() => activateLocale("en"));

  it("answers in the language active when a label is read, not when the table was made", async () => {
    expect(SPLIT_ROLE_LABELS.producer).toBe("Producer");
    await activateLocale("hi");
    expect(SPLIT_ROLE_LABELS.producer).toBe("प्रोड्यूसर");
    expect(Object.keys(SPLIT_ROLE_LABELS)).toContain("engineer");
    expect(SPLIT_MESSAGES.saved(2)).toBe("न्योते उन 2 सहयोगियों को जाते हैं जिन्होंने अभी स्वीकार नहीं किया।");
    await activateLocale("en");
    expect(SPLIT_MESSAGES.saved(1)).toBe("Invites go to 1 collaborator who has not accepted yet.");
  });

  it("gives a schema's refusal in the reader's language", async () => {
    await activateLocale("hi");
    const result = splitTemplateSchema.safeParse({ name: " ", collaborators: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('टेम्पलेट को नाम दें, जैसे "रवि के साथ बैंड"।');
  });

  it("keeps English's article and drops it in Hindi", async () => {
    expect(WORKSPACE_MESSAGES.forbidden("admin")).toMatch(/^As an admin in this workspace/);
    await activateLocale("hi");
    expect(WORKSPACE_MESSAGES.forbidden("viewer")).toMatch(/^इस वर्कस्पेस में /);
  });

  it("reads a stored finding in the language of whoever reads it, not the one it was checked in", async () => {
    // Checked on the server (English), stored as JSON, read later in Hindi.
    const [stored] = JSON.parse(
      JSON.stringify(auditArtwork({ format: "jpeg", width: 2000, height: 2000, colourSpace: "srgb" })),
    );
    expect(stored.message).toBe("The artwork is 2000 × 2000 pixels; stores need at least 3000 × 3000.");
    await activateLocale("hi");
    const text = findingTexts(stored);
    expect(text.subject).toBe("आर्टवर्क");
    expect(text.message).toBe("आर्टवर्क 2000 × 2000 पिक्सेल है; स्टोर को कम से कम 3000 × 3000 चाहिए।");
    expect(text.fix).toMatch(/^आर्टवर्क को उसकी मूल फ़ाइल से/);
    expect(findingTexts({ ...stored, subject: "Track 2 audio" }).subject).toBe("ट्रैक 2 का ऑडियो");
    // A finding checked before findings kept their keys reads as it was written.
    expect(findingTexts({ subject: "Somewhere", message: "Old words", fix: "Old fix" })).toEqual({
      subject: "Somewhere",
      message: "Old words",
      fix: "Old fix",
    });
  });

  it("says what an early warning saw from its stored figures, in the reader's language", async () => {
    const warning = {
      kind: "concentration" as const,
      day: "2026-11-01",
      store: "Spotify",
      country: "BR",
      figures: { streams: 120000, sharePercent: 94, historyPercent: 3 },
    };
    expect(anomalyMessage(warning)).toBe(
      "94% of the streams (1,20,000) came from Spotify in BR, which brought 3% before.",
    );
    await activateLocale("hi");
    expect(anomalyMessage(warning)).toBe("94% स्ट्रीम (1,20,000) BR में Spotify से आईं, जहाँ से पहले 3% आती थीं।");
  });

  it("reads an audit entry in the reader's language, and an older entry as it was written", async () => {
    const entry = {
      summary: "Invited a@example.com as Viewer",
      summarySaid: ["audit.s.invited", { email: "a@example.com", role: "viewer" }] as const,
    };
    expect(auditSummary(entry)).toBe("Invited a@example.com as Viewer");
    await activateLocale("hi");
    expect(auditSummary(entry)).toBe("a@example.com को दर्शक के रूप में बुलाया");
    expect(auditSummary({ summary: "Old words", summarySaid: null })).toBe("Old words");
  });
});
