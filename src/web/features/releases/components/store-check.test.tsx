// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { AI_MESSAGES } from "#domain/ai-disclosure";
import { addDays, todayIst } from "#domain/clock";
import { api, mockApiForThisFile, renderWithApp } from "#web/test/render";
import { ReleaseForm } from "./release-form";

mockApiForThisFile();

const line = (store: string, storeName: string, verdict: string, reasons: unknown[] = []) => ({
  store,
  storeName,
  verdict,
  reasons,
});

describe("checking a release with the stores before submitting it", () => {
  it("sends the form as it stands, waits while files are measured, then shows each store's verdict with the fix", async () => {
    const sent: { title?: string }[] = [];
    let calls = 0;
    api.use(
      http.post("*/api/releases/preflight", async ({ request }) => {
        sent.push((await request.json()) as { title?: string });
        calls += 1;
        if (calls === 1)
          return HttpResponse.json({
            findings: [],
            verdict: {
              summary: "Checking your files for the stores…",
              stores: [line("spotify", "Spotify", "checking"), line("apple-music", "Apple Music", "checking")],
            },
          });
        return HttpResponse.json({
          findings: [],
          verdict: {
            summary: "Ready for 1 of 2 stores; fix what is marked to reach the rest",
            stores: [
              line("spotify", "Spotify", "warnings", [
                {
                  kind: "warning",
                  subject: "Track 1 title",
                  message: '"Rain (feat. Ravi)" names a featured artist in the title.',
                  fix: "Take the featured artist out of the title.",
                },
              ]),
              line("apple-music", "Apple Music", "refused", [
                {
                  kind: "refused",
                  subject: "Track 1 title",
                  message: '"Rain (feat. Ravi)" names a featured artist in the title.',
                  fix: "Take the featured artist out of the title.",
                },
              ]),
            ],
          },
        });
      }),
    );
    const submitted: unknown[] = [];
    const { user } = renderWithApp(
      <ReleaseForm
        submitLabel="Submit Release"
        submittingLabel="Submitting..."
        onSubmit={async (input) => {
          submitted.push(input);
        }}
      />,
    );
    await user.type(screen.getByLabelText("Release Title *"), "Rain (feat. Ravi)");
    await user.type(screen.getByLabelText("Artist Name *"), "Asha Rao");
    await user.type(screen.getByLabelText("Release Date *"), addDays(todayIst(), 30));
    await user.type(screen.getByLabelText("Audio File URL"), "https://files.example/rain.wav");
    await user.type(screen.getByLabelText("Cover Art URL"), "https://files.example/cover.jpg");
    await user.click(screen.getByLabelText(AI_MESSAGES.answers.no));
    await user.click(screen.getByRole("button", { name: "Check with the stores" }));

    expect(await screen.findByText("Checking your files for the stores…")).toBeTruthy();
    // Asked again while checking, until the verdict is in.
    const summary = await screen.findByText(
      "Ready for 1 of 2 stores; fix what is marked to reach the rest",
      undefined,
      {
        timeout: 6000,
      },
    );
    expect(summary.getAttribute("role")).toBe("status");
    expect(sent[0]?.title).toBe("Rain (feat. Ravi)");
    const section = screen.getByRole("region", { name: "Store by store" });
    const apple = within(section).getByText("Apple Music").closest("details") as HTMLDetailsElement;
    expect(apple.open).toBe(true);
    expect(within(apple).getByText("Will be refused")).toBeTruthy();
    expect(within(apple).getByText("Take the featured artist out of the title.")).toBeTruthy();
    expect(within(section).getByText("Ready with warnings")).toBeTruthy();
    // Asking is not submitting.
    expect(submitted).toEqual([]);
  }, 15_000);

  it("shows what is missing beside the field instead of asking the stores", async () => {
    const { user } = renderWithApp(
      <ReleaseForm submitLabel="Submit Release" submittingLabel="Submitting..." onSubmit={async () => {}} />,
    );
    await user.click(screen.getByRole("button", { name: "Check with the stores" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Release Title *")));
    expect(screen.queryByRole("region", { name: "Store by store" })).toBeNull();
  });
});
