// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { api, mockApiForThisFile, renderWithApp } from "#web/test/render";
import { SplitsCard } from "./splits-card";

mockApiForThisFile();

const TRACK = { id: "t1", position: 1, title: "Dil Ki Baat", isrc: null, current: null, upcoming: [] };

function mockApi(answer?: (body: unknown) => Response) {
  const saved: unknown[] = [];
  api.use(
    http.get("*/api/releases/r1/splits", () => HttpResponse.json({ tracks: [TRACK], collaborators: [] })),
    http.get("*/api/split-templates", () => HttpResponse.json({ templates: [] })),
    http.put("*/api/releases/r1/tracks/t1/split", async ({ request }) => {
      const body = await request.json();
      saved.push(body);
      return answer ? answer(body) : HttpResponse.json({ pendingInvites: 1 });
    }),
  );
  return saved;
}

async function openForm() {
  const view = renderWithApp(<SplitsCard releaseId="r1" ownerName="Asha Rao" />);
  await view.user.click(await screen.findByRole("button", { name: "Add split for Dil Ki Baat" }));
  const form = screen.getByRole("form", { name: "Split sheet" });
  return { ...view, form };
}

/** The owner's share and one producer's, as typed, then Save. */
async function fillSplit(
  user: Awaited<ReturnType<typeof openForm>>["user"],
  form: HTMLElement,
  mine: string,
  theirs: string,
) {
  const owner = within(form).getByRole("group", { name: "Your share" });
  await user.clear(within(owner).getByLabelText("Share (%)"));
  await user.type(within(owner).getByLabelText("Share (%)"), mine);
  const producer = within(form).getByRole("group", { name: "Collaborator 1" });
  await user.type(within(producer).getByLabelText("Name"), "Priya Producer");
  await user.type(within(producer).getByLabelText("E-mail"), "priya@example.com");
  await user.clear(within(producer).getByLabelText("Share (%)"));
  await user.type(within(producer).getByLabelText("Share (%)"), theirs);
  await user.click(within(form).getByRole("button", { name: "Save split" }));
}

describe("the split editor", () => {
  it("starts with the owner at 100 % and refuses shares that do not add up, saving nothing", async () => {
    const saved = mockApi();
    const { user, form } = await openForm();
    const owner = within(form).getByRole("group", { name: "Your share" });
    expect((within(owner).getByLabelText("You") as HTMLInputElement).value).toBe("Asha Rao");
    expect((within(owner).getByLabelText("Share (%)") as HTMLInputElement).value).toBe("100");
    await fillSplit(user, form, "60", "30");
    expect(await within(form).findByText("Shares must add up to exactly 100 % (they add up to 90 %).")).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("sends the sheet once it adds up, and shows the server's refusal beside the form", async () => {
    const saved = mockApi(() =>
      HttpResponse.json(
        { error: { code: "CONFLICT", message: "This track's split changed meanwhile. Reload and try again." } },
        { status: 409 },
      ),
    );
    const { user, form } = await openForm();
    await fillSplit(user, form, "60", "40");
    expect(await within(form).findByText("This track's split changed meanwhile. Reload and try again.")).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      applyToAllTracks: false,
      recoupment: null,
      collaborators: [
        { name: "Asha Rao", isOwner: true, percent: "60" },
        { name: "Priya Producer", email: "priya@example.com", isOwner: false, percent: "40" },
      ],
    });
  });
});
