// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { LYRICS_MESSAGES } from "#domain/lyrics";
import { mockApiForThisFile, renderWithApp } from "#web/test/render";
import { LyricsFields, type LyricsValue } from "./lyrics-fields";

mockApiForThisFile();

function Harness({ initial }: { initial?: Partial<LyricsValue> }) {
  const [value, setValue] = useState<LyricsValue>({ lyrics: "", lyricsLatin: "", lyricsSynced: "", ...initial });
  return (
    <LyricsFields id="t1" position={1} value={value} onChange={(f, text) => setValue((v) => ({ ...v, [f]: text }))} />
  );
}

describe("LyricsFields (issue 39)", () => {
  const labels = LYRICS_MESSAGES.fieldLabels(1);

  it("asks for the Latin form only of lyrics in an Indian script, and suggests it line by line", async () => {
    const { user } = renderWithApp(<Harness />);
    await user.click(screen.getByText("Track 1 lyrics (optional)"));
    await user.type(screen.getByLabelText(labels.plain), "My heart");
    expect(screen.queryByLabelText(labels.latin)).toBeNull();

    await user.clear(screen.getByLabelText(labels.plain));
    await user.type(screen.getByLabelText(labels.plain), "मेरा दिल{enter}तेरा है");
    await user.click(screen.getByRole("button", { name: LYRICS_MESSAGES.suggestLatin }));
    expect((screen.getByLabelText(labels.latin) as HTMLTextAreaElement).value).toBe("Mera dil\nTera hai");
    // The artist's own spelling is theirs to keep.
    await user.type(screen.getByLabelText(labels.latin), "!");
    expect((screen.getByLabelText(labels.latin) as HTMLTextAreaElement).value).toBe("Mera dil\nTera hai!");
  });

  it("opens by itself when the track already has lyrics", () => {
    renderWithApp(<Harness initial={{ lyrics: "मेरा दिल", lyricsLatin: "Mera dil" }} />);
    const summary = screen.getByText("Track 1 lyrics", { selector: "summary" });
    expect((summary.closest("details") as HTMLDetailsElement).open).toBe(true);
    expect((screen.getByLabelText(labels.latin) as HTMLTextAreaElement).value).toBe("Mera dil");
  });
});
