import { afterEach, describe, expect, it } from "vitest";
import { SPLIT_MESSAGES, SPLIT_ROLE_LABELS, splitTemplateSchema } from "#domain/splits";
import { WORKSPACE_MESSAGES } from "#domain/workspaces";
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
});
