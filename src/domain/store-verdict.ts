import { labelsAt, t } from "./i18n";
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

/** One store's verdict. */
export function storeVerdict(store: VerdictStore, input: VerdictInput): StoreVerdictLine {
  const reasons: VerdictReason[] = [];
  const apple = store.format === "itunes-package";
  for (const f of input.findings) {
    const refused = f.severity === "blocking" || (apple && APPLE_REFUSES.includes(f.code));
    // Loudness is said per store below, with that store's own figure.
    if (f.code === "levels.loud") continue;
    reasons.push({ kind: refused ? "refused" : "warning", subject: f.subject, message: f.message, fix: f.fix });
  }
  if (store.format === "ern-4.3.2" && !input.aiDeclared) {
    reasons.push({
      kind: "refused",
      subject: "AI disclosure",
      message: `${store.name} receives the AI disclosure with every release, and this release does not have one yet.`,
      fix: "Answer the AI question in the release form: whether AI made any part of it, and which.",
    });
  }
  for (const { subject, levels } of input.levels) {
    if (levels.integratedLufs === null) continue;
    const down = turnedDownBy(levels, store.id);
    const target = loudnessTarget(store.id);
    if (down >= LEVEL_LIMITS.hardTurnDownDb) {
      reasons.push({
        kind: "warning",
        subject,
        message: `${store.name} plays at ${formatLevel(target)} LUFS: this master (${formatLevel(levels.integratedLufs)} LUFS) will be turned down ${formatLevel(down)} dB.`,
        fix: "If you can, master for around −14 LUFS integrated with peaks at −1 dBTP.",
      });
    } else {
      reasons.push({
        kind: "note",
        subject,
        message:
          down > 0
            ? `${store.name} plays at ${formatLevel(target)} LUFS: turned down ${formatLevel(down)} dB.`
            : `${store.name} plays at ${formatLevel(target)} LUFS: played as it is.`,
        fix: "",
      });
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
  if (lines.some((l) => l.verdict === "checking")) return "Checking your files for the stores…";
  const ready = lines.filter((l) => l.verdict !== "refused").length;
  return ready === lines.length
    ? `Ready for all ${lines.length} stores`
    : `Ready for ${ready} of ${lines.length} stores; fix what is marked to reach the rest`;
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
