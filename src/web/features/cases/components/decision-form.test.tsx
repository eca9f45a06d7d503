// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FRAUD_MESSAGES } from "#domain/fraud";
import type { AdminCaseDetail } from "#web/features/cases/api/admin-cases";
import { mockApiForThisFile, renderWithApp } from "#web/test/render";
import { DecisionForm } from "./decision-form";

mockApiForThisFile();

const track = (isrc: string, title: string) => ({ releaseId: "r1", release: "EP", isrc, track: title, outcome: null });
const DETAIL = {
  case: { id: "c1", reference: "K-C1", store: "Spotify", status: "open" },
  tracks: [track("INABC2600001", "First"), track("INABC2600002", "Second")],
} as unknown as AdminCaseDetail;

describe("DecisionForm", () => {
  it("asks which tracks a partial decision upholds, beside the choice, and sends nothing until then", async () => {
    const onDecide = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithApp(<DecisionForm detail={DETAIL} pending={false} onDecide={onDecide} />);
    await user.selectOptions(screen.getByLabelText("Outcome"), "partly_upheld");
    await user.type(screen.getByLabelText("Reason (the artist reads it)"), "Only one track's streams were bought.");
    await user.click(screen.getByRole("button", { name: "Record Decision" }));
    expect(await screen.findByText(FRAUD_MESSAGES.partlyNeedsTracks)).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await user.click(screen.getByLabelText("Second (INABC2600002)"));
    await user.click(screen.getByRole("button", { name: "Record Decision" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Record “Partly upheld”?" });
    expect(onDecide).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole("button", { name: "Record Decision" }));
    expect(onDecide).toHaveBeenCalledWith({
      outcome: "partly_upheld",
      reason: "Only one track's streams were bought.",
      upheldIsrcs: ["INABC2600002"],
      takedown: "none",
      takedownReason: "",
    });
  });

  it("wants a reason before a takedown at every store", async () => {
    const onDecide = vi.fn();
    const { user } = renderWithApp(<DecisionForm detail={DETAIL} pending={false} onDecide={onDecide} />);
    await user.selectOptions(screen.getByLabelText("Outcome"), "upheld");
    await user.type(screen.getByLabelText("Reason (the artist reads it)"), "The store's logs show one device.");
    await user.selectOptions(screen.getByLabelText("Takedown"), "all");
    await user.click(screen.getByRole("button", { name: "Record Decision" }));
    expect(await screen.findByText(FRAUD_MESSAGES.allNeedsReason)).toBeTruthy();
    expect(screen.getByLabelText("Why every store").getAttribute("aria-invalid")).toBe("true");
    expect(onDecide).not.toHaveBeenCalled();
  });
});
