import { labelsAt, type Said, say, t } from "./i18n";
import { type AudioLevels, formatLevel, LEVEL_LIMITS, loudnessTarget, turnedDownBy } from "./levels";
import type { Finding } from "./quality";

/**
 * The per-store verdict (issue 40): before submission and in the admin's review, for each store we
 * deliver to, whether it will take the release, from what is known — the quality check's findings,
 * the measured levels and the AI disclosure — with every reason and its fix.
 */
export const STORE_VERDICTS = ["ready", "warnings", "refused", "checking"] as const;
export type StoreVerdict = (typeof STORE_VERDICTS)[number];

export const STORE_VERDICT_LABELS: Readonly<Record<StoreVerdict, string>> = labelsAt("verdict.label", STORE_VERDICTS);

/** What a verdict needs to know of a store: who it is and what it is sent. */
export interface VerdictStore {
  id: string;
  name: string;
  /** "ern-4.3.2" carries the AI disclosure; "itunes-package" is Apple's own format and style rules. */
  format: "ern-4.3" | "ern-4.3.2" | "itunes-package";
}

/**
 * Style findings Apple refuses outright (its Music Style Guide sends such metadata back), where other
 * stores only frown. Each is a warning in the quality check, so the artist may keep it for the rest.
 */
export const APPLE_REFUSES: readonly string[] = [
  "metadata.all_caps",
  "metadata.artist_all_caps",
  "metadata.feat_placement",
  "metadata.feat_in_title",
  "metadata.promo_in_title",
  "metadata.store_in_title",
  "metadata.explicit_from_tracks",
  "metadata.version_in_title",
];

export interface VerdictReason {
  /** "refused": this store will not take it; "warning": it will, with this against it; "note": what it does. */
  kind: "refused" | "warning" | "note";
  subject: string;
  message: string;
  fix: string;
  /** The message and fix by catalogue key, for the reader's language (`findingTexts`). */
  said?: Finding["said"];
}

export interface StoreVerdictLine {
  store: string;
  storeName: string;
  verdict: StoreVerdict;
  reasons: VerdictReason[];
}

export interface VerdictInput {
  /** Whether the file checks have finished (the verdict waits for them rather than guess). */
  checked: boolean;
  findings: readonly Finding[];
  /** Each track's measured levels, by subject ("Track 1 audio"); absent until measured. */
  levels: readonly { subject: string; levels: AudioLevels }[];
  /** The artist answered the AI question for the release, its cover and every track. */
  aiDeclared: boolean;
}

/** A reason of our own (not a finding's), kept by key like a finding. */
export function reason(kind: VerdictReason["kind"], subject: string, message: Said, fix: Said | null): VerdictReason {
  return { kind, subject, message: say(message), fix: fix ? say(fix) : "", said: { message, fix } };
}

/** One store's verdict. */
export function storeVerdict(store: VerdictStore, input: VerdictInput): StoreVerdictLine {
  const reasons: VerdictReason[] = [];
  const apple = store.format === "itunes-package";
  for (const f of input.findings) {
    const refused = f.severity === "blocking" || (apple && APPLE_REFUSES.includes(f.code));
    // Loudness is said per store below, with that store's own figure.
    if (f.code === "levels.loud") continue;
    reasons.push({ kind: refused ? "refused" : "warning", ...f });
  }
  if (store.format === "ern-4.3.2" && !input.aiDeclared) {
    reasons.push(reason("refused", "AI disclosure", ["verdict.aiMissing", { store: store.name }], ["verdict.aiFix"]));
  }
  for (const { subject, levels } of input.levels) {
    if (levels.integratedLufs === null) continue;
    const down = turnedDownBy(levels, store.id);
    const target = loudnessTarget(store.id);
    if (down >= LEVEL_LIMITS.hardTurnDownDb) {
      const values = {
        store: store.name,
        target: formatLevel(target),
        lufs: formatLevel(levels.integratedLufs),
        db: formatLevel(down),
      };
      reasons.push(reason("warning", subject, ["verdict.loud", values], ["verdict.loudFix"]));
    } else {
      const values = { store: store.name, target: formatLevel(target), db: formatLevel(down) };
      reasons.push(reason("note", subject, [down > 0 ? "verdict.turnedDown" : "verdict.asIs", values], null));
    }
  }
  const verdict: StoreVerdict = !input.checked
    ? "checking"
    : reasons.some((r) => r.kind === "refused")
      ? "refused"
      : reasons.some((r) => r.kind === "warning")
        ? "warnings"
        : "ready";
  // Refusals first, then warnings, then notes: the list reads as what to fix first.
  const rank = { refused: 0, warning: 1, note: 2 } as const;
  reasons.sort((a, b) => rank[a.kind] - rank[b.kind]);
  return { store: store.id, storeName: store.name, verdict, reasons };
}

/** Every store's verdict, in the stores' order. */
export function storeVerdicts(stores: readonly VerdictStore[], input: VerdictInput): StoreVerdictLine[] {
  return stores.map((store) => storeVerdict(store, input));
}

/** "Ready at 5 of 6 stores": the headline over the list. */
export function verdictSummary(lines: readonly StoreVerdictLine[]): string {
  if (lines.some((l) => l.verdict === "checking")) return t("verdict.checking");
  const ready = lines.filter((l) => l.verdict !== "refused").length;
  return ready === lines.length
    ? t("verdict.readyAll", { count: lines.length })
    : t("verdict.readySome", { ready, count: lines.length });
}

/**
 * What the stores refuse that no rule of ours can see in the files: the reviewer looks before
 * approving (listed beside the verdict in the admin's review).
 */
/** What a reviewer checks by eye, in the reader's language. */
export const reviewerChecks = (): string[] => [
  t("reviewCheck.address"),
  t("reviewCheck.stores"),
  t("reviewCheck.match"),
  t("reviewCheck.quality"),
];
