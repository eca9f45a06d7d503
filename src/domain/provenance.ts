import type { AiArea, AiLevel } from "./ai-disclosure";
import type { DeliveryKind } from "./deliveries";
import { labelsAt } from "./i18n";

/**
 * The provenance record (issue 40): what a release declared about AI, the exact files we hold for it
 * (SHA-256 and acoustic fingerprint), and when it was submitted and delivered, signed with Kalrav's
 * key so anyone can check it on its public page, or offline with the published public key.
 */
export const PROVENANCE_KIND = "kalrav.provenance/1";

export interface ProvenanceDocument {
  kind: typeof PROVENANCE_KIND;
  id: string;
  issuedAt: string;
  release: { id: string; title: string; artistName: string; upcEan: string | null; releaseDate: string };
  declaration: {
    /** The release as a whole, from its parts: none, partly or all made by AI. */
    release: AiLevel | null;
    artwork: AiLevel | null;
    tracks: { position: number; title: string; isrc: string | null; ai: Record<AiArea, AiLevel> | null }[];
  };
  files: {
    subject: string;
    sha256: string;
    /** Chromaprint's raw fingerprint: the SHA-256 of its items (big-endian 32-bit) and how many. */
    fingerprint?: { algorithm: "chromaprint"; items: number; sha256: string };
  }[];
  submittedAt: string;
  deliveries: {
    store: string;
    storeName: string;
    kind: DeliveryKind;
    sentAt: string | null;
    acknowledgedAt: string | null;
  }[];
}

/**
 * JSON with object keys sorted at every level and no whitespace: the exact bytes that are signed,
 * so a verifier re-serialising the document gets the same bytes.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export const PROVENANCE_MESSAGES = labelsAt("provenance.msg", ["notChecked", "notFound", "valid", "invalid"]);
