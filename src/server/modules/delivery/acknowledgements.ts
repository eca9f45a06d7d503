import { create } from "xmlbuilder2";
import { child, children, textOf } from "#server/lib/xml-tree";

/**
 * A store's acknowledgement of one batch, as the SFTP batch choreography has stores write it:
 * `acknowledgements/ACK_<BatchId>_<ReleaseId>.xml` at the root of the drop box. Three forms are
 * current, and all three are read:
 *
 * - ECHO ≤ 1.6 (`ern-c/14`–`16`): `FtpAcknowledgementMessage` with one `FileStatus` (FileOK or a
 *   reason code), `ErrorText`, and the `AcknowledgedFile` it is about;
 * - ECHO 1.7 (`ern-c-sftp/17`): `ErnAcknowledgementStatusMessage` with a `ReleaseStatus` per release;
 * - ERN-C 1.8 (`ern-c-sftp/18`): `AcknowledgementMessage`, the same per-release statuses, each with
 *   `Acknowledgement`s whose `MessageStatus/Status` is a file status.
 *
 * Statuses come from DDEX's allowed-value sets (SupplyChainStatus, ErncFileStatus).
 */
export interface Acknowledgement {
  form: AcknowledgementForm;
  /** accepted: ingested; rejected: refused, with the store's reason; pending: received, not yet decided. */
  outcome: "accepted" | "rejected" | "pending";
  /** The store's status words, e.g. "FileOK", "ResourceCorrupt", "SuccessfullyIngestedByReleaseDistributor". */
  status: string;
  /** The store's own text (ErrorText, StatusMessage), if it gave one. */
  message: string | null;
  /** What the acknowledgement names, to match it to the batch and release it must be about. */
  names: { icpns: string[]; messageIds: string[]; files: string[] };
}

export type AcknowledgementForm = "echo-1.6" | "echo-1.7" | "ern-c-1.8";

export const ACKNOWLEDGEMENTS_FOLDER = "acknowledgements";

/** The prefix of every acknowledgement file for a batch. */
export function ackPrefix(batchId: string): string {
  return `ACK_${batchId}`;
}

/** Release statuses (SupplyChainStatus) that mean the store took the release. */
const INGESTED = new Set([
  "SuccessfullyIngestedByReleaseDistributor",
  "ReleaseStagedForPublication",
  "ReleaseMadeAvailableToConsumers",
]);
/** Release statuses that say the store has it but has not decided yet: wait for a later file. */
const UNDECIDED = new Set([
  "DeliveredToReleaseDistributor",
  "InDeliveryToReleaseDistributor",
  "InPreparationForDeliveryToReleaseDistributor",
  "OrderPlacedForReleaseDistributor",
  "ReleaseReceivedByReleaseDistributor",
]);
/** The one file status that accepts; every other one, known or not, is a refusal. */
const FILE_OK = "FileOK";

/** An element's text, or null when it has none. */
const text = (node: unknown): string | null => textOf(node) || null;
const texts = (nodes: unknown[]) => nodes.map(text).filter((t): t is string => t !== null);

/**
 * A store's acknowledgement is a few kilobytes; a file far larger is refused before it is parsed
 * (issue 33: a 70 KB one held the server for up to 22 s on every poll, on the event loop).
 */
export const MAX_ACKNOWLEDGEMENT_BYTES = 32 * 1024;

/** Reads an acknowledgement file in any of the three forms; throws with a plain reason when it is not one. */
export function parseAcknowledgement(xml: string): Acknowledgement {
  if (Buffer.byteLength(xml, "utf8") > MAX_ACKNOWLEDGEMENT_BYTES) {
    throw new Error(`The acknowledgement is larger than ${MAX_ACKNOWLEDGEMENT_BYTES / 1024} KB: not read.`);
  }
  let tree: unknown;
  try {
    tree = create(xml).end({ format: "object" });
  } catch {
    throw new Error("The acknowledgement is not well-formed XML.");
  }
  const ftp = child(tree, "FtpAcknowledgementMessage");
  if (ftp) return fileAcknowledgement(ftp);
  const echo17 = child(tree, "ErnAcknowledgementStatusMessage");
  if (echo17) return releaseStatusAcknowledgement("echo-1.7", echo17);
  const ernc18 = child(tree, "AcknowledgementMessage");
  if (ernc18) return releaseStatusAcknowledgement("ern-c-1.8", ernc18);
  throw new Error(
    "The file is not an acknowledgement (FtpAcknowledgementMessage, ErnAcknowledgementStatusMessage or AcknowledgementMessage).",
  );
}

function fileAcknowledgement(root: unknown): Acknowledgement {
  const status = text(child(root, "FileStatus"));
  if (!status) throw new Error("The acknowledgement has no FileStatus.");
  const file = child(root, "AcknowledgedFile");
  return {
    form: "echo-1.6",
    outcome: status === FILE_OK ? "accepted" : "rejected",
    status,
    message: text(child(root, "ErrorText")),
    names: {
      icpns: texts(children(child(root, "AffectedRelease"), "ICPN")),
      messageIds: texts(children(file, "MessageId")),
      files: texts(children(file, "FileName")),
    },
  };
}

/**
 * ECHO 1.7 and ERN-C 1.8: one ReleaseStatus per release, each with the release's status and,
 * in 1.8, an Acknowledgement per message with its file status. The release is accepted only when
 * every status says so; any refusal rejects; a status that is only "received" waits.
 */
function releaseStatusAcknowledgement(form: "echo-1.7" | "ern-c-1.8", root: unknown): Acknowledgement {
  const releases = children(root, "ReleaseStatus");
  // A message-level acknowledgement may also stand outside any release (1.8).
  const looseAcks = children(root, "Acknowledgement");
  if (!releases.length && !looseAcks.length) throw new Error("The acknowledgement has no ReleaseStatus.");
  const statuses: { status: string; kind: "accepted" | "rejected" | "pending"; message: string | null }[] = [];
  const names: Acknowledgement["names"] = { icpns: [], messageIds: [], files: [] };
  const readAcks = (acks: unknown[]) => {
    for (const ack of acks) {
      names.messageIds.push(...texts(children(ack, "MessageId")));
      names.files.push(...texts(children(ack, "FileName")));
      const messageStatus = child(ack, "MessageStatus");
      const status = text(child(messageStatus, "Status")) ?? text(messageStatus) ?? text(child(ack, "FileStatus"));
      if (!status) continue;
      const message = text(child(messageStatus, "StatusMessage")) ?? text(child(ack, "ErrorText"));
      statuses.push({ status, kind: status === FILE_OK ? "accepted" : "rejected", message });
    }
  };
  for (const release of releases) {
    names.icpns.push(...texts(children(child(release, "ReleaseId"), "ICPN")));
    // Inside a ReleaseStatus, the release's own status is a child element of the same name.
    const status = text(child(release, "ReleaseStatus"));
    if (status) {
      const kind = INGESTED.has(status) ? "accepted" : UNDECIDED.has(status) ? "pending" : "rejected";
      statuses.push({ status, kind, message: text(child(release, "ErrorText")) });
    }
    readAcks(children(release, "Acknowledgement"));
  }
  readAcks(looseAcks);
  if (!statuses.length) throw new Error("The acknowledgement gives no status.");
  const refused = statuses.find((s) => s.kind === "rejected");
  const waiting = statuses.find((s) => s.kind === "pending");
  const decisive = refused ?? waiting ?? statuses[0];
  const message = refused
    ? (statuses.find((s) => s.kind === "rejected" && s.message)?.message ?? null)
    : (statuses.find((s) => s.message)?.message ?? null);
  return {
    form,
    outcome: refused ? "rejected" : waiting ? "pending" : "accepted",
    status: decisive?.status ?? "",
    message,
    names,
  };
}

/**
 * Whether an acknowledgement is about the delivery it was filed under: it must name the release (by
 * its UPC, by our message id, or by the message file's path in the batch) and name nothing else. One
 * naming another release is refused: a store's mix-up must not accept or reject the wrong release.
 */
export function acknowledgementMatches(
  ack: Acknowledgement,
  delivery: { id: string; batchId: string; upc: string },
): { ok: true } | { ok: false; reason: string } {
  const { icpns, messageIds, files } = ack.names;
  const ownFile = (f: string) => {
    const parts = f.replace(/^\.?\//, "").split("/");
    return parts.includes(delivery.upc) && (parts[0] === delivery.batchId || parts[0] === delivery.upc);
  };
  const foreign = [
    ...icpns.filter((c) => c !== delivery.upc).map((c) => `release ${c}`),
    ...messageIds.filter((m) => m !== delivery.id).map((m) => `message ${m}`),
    ...files.filter((f) => !ownFile(f)).map((f) => `file ${f}`),
  ];
  if (foreign.length)
    return { ok: false, reason: `The acknowledgement names ${foreign.join(", ")}, not this delivery.` };
  if (!icpns.length && !messageIds.length && !files.length)
    return { ok: false, reason: "The acknowledgement names no release, message or file." };
  return { ok: true };
}
