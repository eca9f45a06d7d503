import { describe, expect, it } from "vitest";
import { ARTIST_MESSAGES, artistInputSchema } from "./artists";
import {
  indicScriptOf,
  isLatinOnly,
  needsTransliteration,
  SCRIPT_MESSAGES,
  scriptsIn,
  titleScriptProblem,
  versionScriptProblem,
} from "./scripts";
import { latinTitleWithVersion, trackInputSchema, trackListProblem } from "./tracks";
import { suggestTransliteration } from "./transliteration";

describe("scripts of a title (issue 39)", () => {
  it("names the script of each letter, ignoring digits, spaces and punctuation", () => {
    expect([...scriptsIn("मेरा दिल 2!")]).toEqual(["Deva"]);
    expect([...scriptsIn("Café del Mar")]).toEqual(["Latn"]);
    expect([...scriptsIn("দিল Dil")].sort()).toEqual(["Beng", "Latn"]);
    expect(indicScriptOf("ਪੰਜਾਬੀ")).toBe("Guru");
    expect(indicScriptOf("Punjabi")).toBeNull();
    expect(indicScriptOf("मेरा দিল")).toBeNull();
    expect(needsTransliteration("तुम ही हो")).toBe(true);
    expect(needsTransliteration("Tum Hi Ho")).toBe(false);
    expect(isLatinOnly("Mérā Dil")).toBe(true);
    expect(isLatinOnly("Mera दिल")).toBe(false);
  });

  it("suggests a Latin form for each of the nine scripts, as people write it", () => {
    expect(suggestTransliteration("मेरा दिल")).toBe("Mera Dil");
    expect(suggestTransliteration("तुम ही हो")).toBe("Tum Hi Ho");
    expect(suggestTransliteration("আমার সোনার")).toBe("Amar Sonar");
    expect(suggestTransliteration("ਪੰਜਾਬੀ ਗੀਤ")).toBe("Pamjabi Git");
    expect(suggestTransliteration("ગુજરાતી")).toBe("Gujarati");
    expect(suggestTransliteration("தமிழ்")).toBe("Tamil");
    expect(suggestTransliteration("తెలుగు")).toBe("Telugu");
    expect(suggestTransliteration("ಕನ್ನಡ")).toBe("Kannada");
    expect(suggestTransliteration("മലയാളം")).toBe("Malayalam");
    expect(isLatinOnly(suggestTransliteration("ଓଡ଼ିଆ ଗୀତ"))).toBe(true);
    // Digits and Latin words stay as they are.
    expect(suggestTransliteration("दिल से 2")).toBe("Dil Se 2");
  });

  it("applies the stores' rules: a Latin form for an Indian script, one script, no translation beside", () => {
    expect(titleScriptProblem("मेरा दिल", "")).toEqual({ field: "titleLatin", message: SCRIPT_MESSAGES.latinRequired });
    expect(titleScriptProblem("मेरा दिल", "Mera Dil")).toBeNull();
    expect(titleScriptProblem("मेरा दिल", "मेरा")).toEqual({
      field: "titleLatin",
      message: SCRIPT_MESSAGES.latinNotLatin,
    });
    expect(titleScriptProblem("दिल / Heart", "Dil")).toEqual({ field: "title", message: SCRIPT_MESSAGES.translation });
    expect(titleScriptProblem("दिल (Heart)", "Dil")).toEqual({ field: "title", message: SCRIPT_MESSAGES.translation });
    expect(titleScriptProblem("मेरा Dil", "Mera Dil")).toEqual({ field: "title", message: SCRIPT_MESSAGES.mixed });
    expect(titleScriptProblem("मेरा দিল", "Mera Dil")).toEqual({ field: "title", message: SCRIPT_MESSAGES.mixed });
    // A Latin title needs nothing more; a Latin form beside it is allowed when it is Latin.
    expect(titleScriptProblem("Monsoon", "")).toBeNull();
    expect(titleScriptProblem("2 AM", "")).toBeNull();
  });
});

describe("a version in its own script (issue 39)", () => {
  it("needs its Latin form when written in an Indian script, and one script only", () => {
    expect(versionScriptProblem("Live", "")).toBeNull();
    expect(versionScriptProblem("अनप्लग्ड", "")).toBe(SCRIPT_MESSAGES.versionLatinRequired);
    expect(versionScriptProblem("अनप्लग्ड", "Unplugged")).toBeNull();
    expect(versionScriptProblem("अनप्लग्ड Live", "Unplugged Live")).toBe(SCRIPT_MESSAGES.versionMixed);
    expect(versionScriptProblem("अनप्लग्ड", "अनप्लग्ड")).toBe(SCRIPT_MESSAGES.latinNotLatin);
  });

  it("refuses a track list whose version has no Latin form, naming the track, and reads both forms together", () => {
    const track = trackInputSchema.parse({ title: "Monsoon", version: "लाइव", audioFileUrl: "https://x.test/a.wav" });
    expect(trackListProblem("single", [track])).toBe(`Track 1: ${SCRIPT_MESSAGES.versionLatinRequired}`);
    expect(trackListProblem("single", [{ ...track, versionLatin: "Live" }])).toBeUndefined();
    expect(
      latinTitleWithVersion({ title: "मेरा दिल", titleLatin: "Mera Dil", version: "लाइव", versionLatin: "Live" }),
    ).toBe("Mera Dil (Live)");
    expect(latinTitleWithVersion({ title: "Monsoon", version: "Live" })).toBeNull();
  });
});

describe("an artist's name in their own script (issue 39)", () => {
  const parse = (input: Record<string, unknown>) => artistInputSchema.safeParse({ name: "Asha", ...input });
  const messageOf = (input: Record<string, unknown>) => {
    const result = parse(input);
    return result.success ? null : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("asks for the Latin form of a name in an Indian script, beside that field, and refuses one in another script", () => {
    expect(messageOf({ name: "मीरा सेन" })).toEqual([["nameLatin", ARTIST_MESSAGES.nameLatinRequired]]);
    expect(messageOf({ name: "मीरा सेन", nameLatin: "मीरा" })).toEqual([["nameLatin", SCRIPT_MESSAGES.latinNotLatin]]);
    expect(messageOf({ name: "मीरा Sen", nameLatin: "Meera Sen" })).toEqual([["name", SCRIPT_MESSAGES.mixed]]);
    expect(parse({ name: "मीरा सेन", nameLatin: "Meera Sen" }).data?.nameLatin).toBe("Meera Sen");
    // A Latin name needs nothing more.
    expect(parse({ name: "Asha Rao" }).success).toBe(true);
  });
});
