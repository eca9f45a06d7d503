import { describe, expect, it } from "vitest";
import { safeSenderName } from "./outbound-text";

describe("a sender's name in a message to a stranger", () => {
  it("keeps names in any script, and nothing that reads as a link or markup", () => {
    expect(safeSenderName("A.R. Rahman")).toBe("A.R. Rahman");
    expect(safeSenderName("अनुष्का शंकर")).toBe("अनुष्का शंकर");
    expect(safeSenderName("Visit evil.com <b>now</b>")).toBe("Visit evil com b now b");
    expect(safeSenderName("http://x.test")).toBe("http x test");
    expect(safeSenderName("Line\nbreak")).toBe("Line break");
    expect(safeSenderName("x".repeat(200))).toHaveLength(60);
    expect(safeSenderName("<<>>", "there")).toBe("there");
  });
});
