import { describe, expect, it } from "vitest";
import { declaredType, UPLOAD_LIMITS, UPLOAD_MESSAGES, uploadProblem } from "./uploads";

describe("files an artist chooses", () => {
  it("declares the browser's type when we take it, else the extension's", () => {
    expect(declaredType("audio", { name: "a.wav", type: "audio/x-wav" })).toBe("audio/x-wav");
    expect(declaredType("audio", { name: "Take 3.FLAC", type: "" })).toBe("audio/flac");
    expect(declaredType("artwork", { name: "cover.JPG", type: "" })).toBe("image/jpeg");
    expect(declaredType("audio", { name: "notes.txt", type: "text/plain" })).toBe("text/plain");
  });
  it("says what is wrong before a byte is sent", () => {
    const file = (name: string, size: number, type = "") => ({ name, size, type });
    expect(uploadProblem("audio", file("master.wav", 40e6))).toBeUndefined();
    expect(uploadProblem("audio", file("master.mp3", 4e6, "audio/mpeg"))).toBe(UPLOAD_MESSAGES.wrongType("audio"));
    expect(uploadProblem("artwork", file("cover.gif", 1e6, "image/gif"))).toBe(UPLOAD_MESSAGES.wrongType("artwork"));
    expect(uploadProblem("audio", file("huge.wav", 4 * 1024 ** 3))).toBe(UPLOAD_MESSAGES.tooLarge("audio"));
    expect(uploadProblem("artwork", file("c.png", UPLOAD_LIMITS.artwork.maxBytes + 1))).toBe(
      UPLOAD_MESSAGES.tooLarge("artwork"),
    );
    expect(uploadProblem("audio", file("empty.wav", 0))).toBe(UPLOAD_MESSAGES.empty);
    expect(UPLOAD_MESSAGES.tooLarge("audio")).toBe("Audio files can be at most 2 GB.");
  });
});

describe("progress, for people", () => {
  it("writes sizes and time left plainly", async () => {
    const { formatBytes, timeLeftLabel } = await import("./uploads");
    expect([formatBytes(999), formatBytes(35_200_000), formatBytes(2_147_483_648)]).toEqual([
      "999 B",
      "35.2 MB",
      "2.1 GB",
    ]);
    expect(timeLeftLabel(10e6, null)).toBeUndefined();
    expect(timeLeftLabel(10e6, 1e6)).toBe("10 s left");
    expect(timeLeftLabel(300e6, 1e6)).toBe("about 5 min left");
    expect(timeLeftLabel(9000e6, 1e6)).toBe("about 2.5 h left");
  });
});
