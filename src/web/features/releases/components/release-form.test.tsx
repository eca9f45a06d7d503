// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AI_MESSAGES } from "#domain/ai-disclosure";
import { addDays, todayIst } from "#domain/clock";
import {
  COMPILATION_MESSAGES,
  PRE_ORDER_MESSAGES,
  RELEASE_DATE_MESSAGES,
  RELEASE_NOTICES,
  RELEASE_TIMING_LABELS,
  type ReleaseInput,
} from "#domain/releases";
import { mockApiForThisFile, renderWithApp } from "#web/test/render";
import { ReleaseForm } from "./release-form";

mockApiForThisFile();

/** The form with an `onSubmit` that records what it was given. */
function renderForm(preOrdersAllowed = false) {
  const submitted: ReleaseInput[] = [];
  const view = renderWithApp(
    <ReleaseForm
      preOrdersAllowed={preOrdersAllowed}
      submitLabel="Submit Release"
      submittingLabel="Submitting..."
      onSubmit={async (input) => {
        submitted.push(input);
      }}
    />,
  );
  return { ...view, submitted };
}

const describedBy = (field: HTMLElement) =>
  (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

describe("the release form", () => {
  it("puts the message beside the first required field left empty, focuses it, and sends nothing", async () => {
    const { user, submitted } = renderForm();
    await user.type(screen.getByLabelText("Release Title *"), "Monsoon Tapes");
    await user.click(screen.getByRole("button", { name: "Submit Release" }));

    const artist = screen.getByLabelText("Artist Name *");
    await waitFor(() => expect(document.activeElement).toBe(artist));
    expect(artist.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(artist)).toContain(RELEASE_NOTICES.missing.description);
    expect(screen.getByLabelText("Release Title *").getAttribute("aria-invalid")).toBeNull();
    expect(submitted).toEqual([]);
  });

  it("sends each credit line as contributors and featured artists as a list; track 1's audio is the release's", async () => {
    const { user, submitted } = renderForm();
    await user.type(screen.getByLabelText("Release Title *"), "Monsoon Tapes");
    await user.type(screen.getByLabelText("Artist Name *"), "Asha Rao");
    await user.type(screen.getByLabelText("Release Date *"), addDays(todayIst(), 30));
    await user.type(screen.getByLabelText("Audio File URL"), "https://files.example/monsoon.wav");
    await user.type(screen.getByLabelText("Cover Art URL"), "https://files.example/cover.jpg");
    await user.click(screen.getByLabelText(AI_MESSAGES.answers.no));
    await user.type(screen.getByLabelText("Track 1 title"), "Monsoon");
    await user.type(screen.getByLabelText("Track 1 version"), "Acoustic");
    await user.type(screen.getByLabelText("Track 1 featured artists"), "Kabir Sen,  Nila Das ,");
    await user.type(screen.getByLabelText("Track 1 composers"), "Asha Rao, Kabir Sen");
    await user.type(screen.getByLabelText("Track 1 lyricists"), "Asha Rao");
    await user.click(screen.getByRole("button", { name: "Submit Release" }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({
      title: "Monsoon Tapes",
      artistName: "Asha Rao",
      audioFileUrl: "https://files.example/monsoon.wav",
      originalReleaseDate: "",
    });
    expect(submitted[0]?.tracks).toEqual([
      expect.objectContaining({
        title: "Monsoon",
        version: "Acoustic",
        audioFileUrl: "",
        featuredArtists: ["Kabir Sen", "Nila Das"],
        contributors: [
          { name: "Asha Rao", role: "composer" },
          { name: "Kabir Sen", role: "composer" },
          { name: "Asha Rao", role: "lyricist" },
        ],
      }),
    ]);
  });

  it("a compilation asks for each track's artist and the label, with the label's message beside its field", async () => {
    const { user, submitted } = renderForm();
    expect(screen.queryByLabelText("Track 1 artist *")).toBeNull();
    await user.type(screen.getByLabelText("Release Title *"), "Monsoon Hits");
    await user.type(screen.getByLabelText("Artist Name *"), "Various Artists");
    await user.selectOptions(screen.getByLabelText("Release Type"), "compilation");
    await user.type(screen.getByLabelText("Release Date *"), addDays(todayIst(), 30));
    await user.type(screen.getByLabelText("Audio File URL"), "https://files.example/1.wav");
    await user.type(screen.getByLabelText("Cover Art URL"), "https://files.example/cover.jpg");
    await user.click(screen.getByLabelText(AI_MESSAGES.answers.no));
    await user.type(screen.getByLabelText("Track 1 title"), "Rain");
    await user.type(screen.getByLabelText("Track 1 artist *"), "Asha Rao");
    await user.click(screen.getByRole("button", { name: "Submit Release" }));

    const label = screen.getByLabelText("Label *");
    await waitFor(() => expect(document.activeElement).toBe(label));
    expect(describedBy(label)).toContain(COMPILATION_MESSAGES.labelRequired);
    expect(submitted).toEqual([]);

    await user.type(label, "Monsoon Records");
    await user.click(screen.getByRole("button", { name: "Submit Release" }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ releaseType: "compilation", labelName: "Monsoon Records" });
    expect(submitted[0]?.tracks?.[0]).toMatchObject({ title: "Rain", artistName: "Asha Rao" });
  });

  it("pre-orders are offered on plans that include them: dates beside their messages, then instant-grat tracks", async () => {
    const basic = renderForm(false);
    expect(screen.getByLabelText(PRE_ORDER_MESSAGES.preOrderLabel)).toHaveProperty("disabled", true);
    expect(screen.getByText(PRE_ORDER_MESSAGES.planOnly)).toBeTruthy();
    basic.unmount();

    const { user, submitted } = renderForm(true);
    await user.type(screen.getByLabelText("Release Title *"), "Four Rains");
    await user.type(screen.getByLabelText("Artist Name *"), "Asha Rao");
    const releaseDate = addDays(todayIst(), 40);
    await user.type(screen.getByLabelText("Release Date *"), releaseDate);
    await user.type(screen.getByLabelText("Audio File URL"), "https://files.example/1.wav");
    await user.type(screen.getByLabelText("Cover Art URL"), "https://files.example/cover.jpg");
    await user.click(screen.getByLabelText(AI_MESSAGES.answers.no));
    await user.click(screen.getByLabelText(RELEASE_TIMING_LABELS.global));
    const preOrder = screen.getByLabelText(PRE_ORDER_MESSAGES.preOrderLabel);
    await user.type(preOrder, addDays(todayIst(), 50));
    await user.click(screen.getByRole("button", { name: "Submit Release" }));
    await waitFor(() => expect(document.activeElement).toBe(preOrder));
    expect(describedBy(preOrder)).toContain(PRE_ORDER_MESSAGES.preOrderInvalid);
    expect(submitted).toEqual([]);

    await user.clear(preOrder);
    await user.type(preOrder, addDays(todayIst(), 10));
    await user.type(screen.getByLabelText(PRE_ORDER_MESSAGES.instantGratLabel), addDays(todayIst(), 20));
    await user.click(screen.getByRole("button", { name: "Add track" }));
    await user.type(screen.getByLabelText("Track 2 title"), "Second");
    await user.type(screen.getByLabelText("Track 2 audio file URL"), "https://files.example/2.wav");
    await user.click(screen.getByLabelText(PRE_ORDER_MESSAGES.instantGratTrackLabel(2)));
    await user.click(screen.getByRole("button", { name: "Submit Release" }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({
      releaseTiming: "global",
      preOrderDate: addDays(todayIst(), 10),
      instantGratDate: addDays(todayIst(), 20),
    });
    expect(submitted[0]?.tracks?.map((t) => t.instantGrat)).toEqual([false, true]);
  });

  it("asks whether AI made any part of it: unanswered, the message is beside the question; 'yes' asks per track and for the cover", async () => {
    const { user, submitted } = renderForm();
    await user.type(screen.getByLabelText("Release Title *"), "Synthetic Rain");
    await user.type(screen.getByLabelText("Artist Name *"), "Asha Rao");
    await user.type(screen.getByLabelText("Release Date *"), addDays(todayIst(), 30));
    await user.type(screen.getByLabelText("Audio File URL"), "https://files.example/1.wav");
    await user.type(screen.getByLabelText("Cover Art URL"), "https://files.example/cover.jpg");
    await user.click(screen.getByRole("button", { name: "Submit Release" }));
    const no = screen.getByLabelText(AI_MESSAGES.answers.no);
    await waitFor(() => expect(document.activeElement).toBe(no));
    expect(describedBy(no)).toContain(AI_MESSAGES.required);
    expect(submitted).toEqual([]);

    await user.click(screen.getByLabelText(AI_MESSAGES.answers.yes));
    await user.selectOptions(screen.getByLabelText(AI_MESSAGES.artwork), "none");
    await user.selectOptions(screen.getByLabelText(AI_MESSAGES.trackArea(1, "Vocals")), "all");
    await user.click(screen.getByRole("button", { name: "Submit Release" }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ aiUsed: "yes", artworkAi: "none" });
    expect(submitted[0]?.tracks?.[0]?.ai).toEqual({
      vocals: "all",
      instrumentation: "none",
      composition: "none",
      lyrics: "none",
      postProduction: "none",
    });
  });

  it("asks whether music dated in the past came out before, and then wants the original date", async () => {
    const { user, submitted } = renderForm();
    expect(screen.queryByText(RELEASE_DATE_MESSAGES.pastQuestion)).toBeNull();
    await user.type(screen.getByLabelText("Release Title *"), "Old Gold");
    await user.type(screen.getByLabelText("Artist Name *"), "Asha Rao");
    await user.type(screen.getByLabelText("Release Date *"), addDays(todayIst(), -3));
    await user.type(screen.getByLabelText("Audio File URL"), "https://files.example/gold.wav");
    await user.type(screen.getByLabelText("Cover Art URL"), "https://files.example/gold.jpg");
    await user.click(screen.getByLabelText(AI_MESSAGES.answers.no));
    await user.type(screen.getByLabelText("Track 1 title"), "Gold");
    expect(await screen.findByText(RELEASE_DATE_MESSAGES.pastQuestion)).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: RELEASE_DATE_MESSAGES.releasedBefore }));
    await user.click(screen.getByRole("button", { name: "Submit Release" }));

    const original = screen.getByLabelText(RELEASE_DATE_MESSAGES.originalLabel);
    await waitFor(() => expect(document.activeElement).toBe(original));
    expect(describedBy(original)).toContain(RELEASE_DATE_MESSAGES.originalRequired);
    expect(submitted).toEqual([]);

    await user.type(original, "2019-06-01");
    await user.click(screen.getByRole("button", { name: "Submit Release" }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.originalReleaseDate).toBe("2019-06-01");
  });
});
