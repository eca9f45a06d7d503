// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SCRIPT_MESSAGES } from "#domain/scripts";
import { Input } from "#web/components/ui/input";
import { mockApiForThisFile, renderWithApp } from "#web/test/render";
import { LatinField } from "./latin-field";

mockApiForThisFile();

/** The title field and the Latin field, as the release form wires them. */
function Harness() {
  const [title, setTitle] = useState("");
  const [latin, setLatin] = useState("");
  return (
    <>
      <label htmlFor="title">Release Title</label>
      <Input id="title" value={title} onChange={(e) => setTitle(e.target.value)} />
      <LatinField id="latin" title={title} value={latin} onChange={setLatin} />
    </>
  );
}

describe("LatinField (issue 39)", () => {
  it("appears for a title in an Indian script with a suggestion, keeps the artist's own spelling, and is not asked of a Latin title", async () => {
    const { user } = renderWithApp(<Harness />);
    const label = `${SCRIPT_MESSAGES.latinLabel} *`;
    await user.type(screen.getByLabelText("Release Title"), "Monsoon");
    expect(screen.queryByLabelText(label)).toBeNull();

    await user.clear(screen.getByLabelText("Release Title"));
    await user.type(screen.getByLabelText("Release Title"), "मेरा दिल");
    expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe("Mera Dil");

    // The artist spells it their way; more typing in the title no longer overwrites it.
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), "Meraa Dil");
    await user.type(screen.getByLabelText("Release Title"), " है");
    expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe("Meraa Dil");
  });
});
