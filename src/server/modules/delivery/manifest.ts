import { createHash } from "node:crypto";
import { create } from "xmlbuilder2";
import { messagingParty } from "./ern";

/**
 * The batch's completion file, `BatchComplete_<BatchId>.xml`: an ERN choreography (ECHO) 1.7
 * ManifestMessage listing every message in the batch with its path, release and hash. It is written
 * last; a store ingests the batch only once it is there and lists what it finds (Spotify refuses the
 * zero-byte semaphore form). Element names and order follow the ern-c-sftp/17 ManifestMessage.
 */
export const MANIFEST_NS = "http://ddex.net/xml/ern-c-sftp/17";

export interface ManifestEntry {
  /** Our message id (the delivery's id), as in the message's own MessageHeader. */
  messageId: string;
  messageType: "NewReleaseMessage" | "PurgeReleaseMessage";
  /** The message file's path inside the batch folder. */
  path: string;
  /** The release's UPC/EAN. */
  icpn: string;
  /** The message file's exact bytes, hashed as the store will read them. */
  text: string;
}

export function buildManifestMessage(m: {
  createdAt: Date;
  sender: { dpid: string; name: string };
  recipient: { dpid: string; name: string };
  messages: ManifestEntry[];
}): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele(MANIFEST_NS, "echo:ManifestMessage", { MessageVersionId: "1.7" });
  const header = root.ele("MessageHeader");
  messagingParty(header, "MessageSender", m.sender);
  messagingParty(header, "MessageRecipient", m.recipient);
  header.ele("MessageCreatedDateTime").txt(m.createdAt.toISOString());
  root.ele("IsTestFlag").txt("false");
  // Paths below are relative to the batch folder the manifest sits in.
  root.ele("RootDirectory").txt("./");
  root.ele("NumberOfMessages").txt(String(m.messages.length));
  for (const message of m.messages) {
    const entry = root.ele("MessageInBatch");
    entry.ele("MessageType").txt(message.messageType);
    entry.ele("MessageId").txt(message.messageId);
    entry.ele("URL").txt(message.path);
    entry.ele("IncludedReleaseId").ele("ICPN").txt(message.icpn);
    entry.ele("ProductType").txt("AudioProduct");
    const hash = entry.ele("HashSum");
    hash.ele("HashSumValue").txt(createHash("md5").update(message.text, "utf8").digest("hex"));
    hash.ele("HashSumAlgorithmType").txt("MD5");
  }
  return doc.end({ prettyPrint: true });
}
