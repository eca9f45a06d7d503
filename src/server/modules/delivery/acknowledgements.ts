import { create } from "xmlbuilder2";

/**
 * A store's acknowledgement of one batch (ERN-C FtpAcknowledgementMessage), as the SFTP batch
 * choreography has stores write it: `acknowledgements/ACK_<BatchId>_<ReleaseId>.xml` at the root
 * of the drop box.
 */
export interface Acknowledgement {
  /** Only "FileOK" accepts; any other status, known or not, is a rejection (never guessed as success). */
  accepted: boolean;
  /** The store's FileStatus, e.g. "FileOK" or "FileNotOK". */
  status: string;
  /** The store's ErrorText, if it gave one. */
  message: string | null;
}

export const ACKNOWLEDGEMENTS_FOLDER = "acknowledgements";

/** The prefix of every acknowledgement file for a batch. */
export function ackPrefix(batchId: string): string {
  return `ACK_${batchId}`;
}

type Node = Record<string, unknown>;

/** An element's child by local name, whatever namespace prefix the store used. */
function child(node: unknown, name: string): unknown {
  if (!node || typeof node !== "object") return undefined;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === name || key.endsWith(`:${name}`)) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function text(node: unknown): string | null {
  if (typeof node === "string") return node.trim() || null;
  if (node && typeof node === "object" && typeof (node as Node)["#"] === "string")
    return ((node as Node)["#"] as string).trim() || null;
  return null;
}

/** Reads an acknowledgement file; throws with a plain reason when it is not one. */
/**
 * A store's acknowledgement is a few kilobytes; a file far larger is refused before it is parsed
 * (issue 33: a 70 KB one held the server for up to 22 s on every poll, on the event loop).
 */
export const MAX_ACKNOWLEDGEMENT_BYTES = 32 * 1024;

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
  const root = child(tree, "FtpAcknowledgementMessage");
  if (!root) throw new Error("The file is not an FtpAcknowledgementMessage.");
  const status = text(child(root, "FileStatus"));
  if (!status) throw new Error("The acknowledgement has no FileStatus.");
  return { accepted: status === "FileOK", status, message: text(child(root, "ErrorText")) };
}
