import { describe, expect, it } from "vitest";
import { acknowledgementMatches, parseAcknowledgement } from "./acknowledgements";

const BATCH = "20261126093000123";
const UPC = "8901234000007";
const DELIVERY = { id: "4f7c2d0e-delivery", batchId: BATCH, upc: UPC };
const header = `<MessageHeader><MessageId>ACK-1</MessageId><MessageSender><PartyId>PADPIDATESTSPOTIFY</PartyId></MessageSender><MessageRecipient><PartyId>PADPIDALOCALKALRAV</PartyId></MessageRecipient><MessageCreatedDateTime>2026-11-26T10:00:00Z</MessageCreatedDateTime></MessageHeader>`;

/** ECHO ≤ 1.6: FtpAcknowledgementMessage (ern-c/16). */
const echo16 = (body: string, root = "ernc:FtpAcknowledgementMessage") =>
  `<?xml version="1.0"?><${root} xmlns:ernc="http://ddex.net/xml/ern-c/16" MessageVersionId="1.6">${header}<AcknowledgedFile><FileName>${BATCH}/${UPC}/${UPC}.xml</FileName></AcknowledgedFile>${body}</${root}>`;

/** ECHO 1.7: ErnAcknowledgementStatusMessage (ern-c-sftp/17), a ReleaseStatus per release. */
const echo17 = (releaseStatus: string, extra = "", upc = UPC) =>
  `<?xml version="1.0" encoding="UTF-8"?><echo:ErnAcknowledgementStatusMessage xmlns:echo="http://ddex.net/xml/ern-c-sftp/17" MessageVersionId="1.7">${header}<ReleaseStatus><ReleaseId><ICPN>${upc}</ICPN></ReleaseId><ReleaseStatus>${releaseStatus}</ReleaseStatus>${extra}</ReleaseStatus></echo:ErnAcknowledgementStatusMessage>`;

/** ERN-C 1.8: AcknowledgementMessage (ern-c-sftp/18), statuses per release and per message. */
const ernc18 = (releaseStatus: string, fileStatus: string, statusMessage = "", messageId = DELIVERY.id) =>
  `<?xml version="1.0" encoding="UTF-8"?><ns3:AcknowledgementMessage xmlns:ns3="http://ddex.net/xml/ern-c-sftp/18" AvsVersionId="9">${header}<ReleaseStatus><ReleaseId><ICPN>${UPC}</ICPN></ReleaseId><ReleaseStatus>${releaseStatus}</ReleaseStatus><Acknowledgement><MessageType>NewReleaseMessage</MessageType><MessageId>${messageId}</MessageId><MessageStatus><Status>${fileStatus}</Status>${statusMessage ? `<StatusMessage>${statusMessage}</StatusMessage>` : ""}</MessageStatus></Acknowledgement></ReleaseStatus></ns3:AcknowledgementMessage>`;

describe("store acknowledgements in the three current forms", () => {
  it("ECHO 1.6: FileOK accepts, whatever namespace prefix the store used, and names the batch's message file", () => {
    const ack = parseAcknowledgement(echo16("<FileStatus>FileOK</FileStatus>"));
    expect(ack).toMatchObject({ form: "echo-1.6", outcome: "accepted", status: "FileOK", message: null });
    expect(ack.names.files).toEqual([`${BATCH}/${UPC}/${UPC}.xml`]);
    expect(acknowledgementMatches(ack, DELIVERY)).toEqual({ ok: true });
    expect(parseAcknowledgement(echo16("<FileStatus>FileOK</FileStatus>", "FtpAcknowledgementMessage")).outcome).toBe(
      "accepted",
    );
  });

  it("ECHO 1.6: any other status rejects, with the store's reason; an unknown status is never taken as success", () => {
    expect(
      parseAcknowledgement(echo16("<FileStatus>ResourceCorrupt</FileStatus><ErrorText>Track 2 is silent</ErrorText>")),
    ).toMatchObject({ outcome: "rejected", status: "ResourceCorrupt", message: "Track 2 is silent" });
    expect(parseAcknowledgement(echo16("<FileStatus>SomethingNew</FileStatus>")).outcome).toBe("rejected");
  });

  it("ECHO 1.7: an ingested release is accepted; a processing error rejects with the store's text; 'received' waits", () => {
    const ok = parseAcknowledgement(echo17("SuccessfullyIngestedByReleaseDistributor"));
    expect(ok).toMatchObject({ form: "echo-1.7", outcome: "accepted" });
    expect(ok.names.icpns).toEqual([UPC]);
    expect(acknowledgementMatches(ok, DELIVERY)).toEqual({ ok: true });
    expect(
      parseAcknowledgement(
        echo17("ProcessingErrorAtReleaseDistributor", "<ErrorText>Artwork has a web address on it</ErrorText>"),
      ),
    ).toMatchObject({
      outcome: "rejected",
      status: "ProcessingErrorAtReleaseDistributor",
      message: "Artwork has a web address on it",
    });
    expect(parseAcknowledgement(echo17("ReleaseReceivedByReleaseDistributor")).outcome).toBe("pending");
    expect(parseAcknowledgement(echo17("RightsConflict")).outcome).toBe("rejected");
  });

  it("ERN-C 1.8: accepted only when the release and the message both are; a refused message rejects with its StatusMessage", () => {
    const ok = parseAcknowledgement(ernc18("SuccessfullyIngestedByReleaseDistributor", "FileOK"));
    expect(ok).toMatchObject({ form: "ern-c-1.8", outcome: "accepted" });
    expect(ok.names).toEqual({ icpns: [UPC], messageIds: [DELIVERY.id], files: [] });
    expect(acknowledgementMatches(ok, DELIVERY)).toEqual({ ok: true });
    const refused = parseAcknowledgement(
      ernc18("ProcessingErrorAtReleaseDistributor", "ResourceNotMeetingSpecifications", "Audio is below 44.1 kHz"),
    );
    expect(refused).toMatchObject({ outcome: "rejected", message: "Audio is below 44.1 kHz" });
    expect(refused.status).toBe("ProcessingErrorAtReleaseDistributor");
  });

  it("an acknowledgement about another release, message or batch is refused, and one naming nothing is too", () => {
    const other = parseAcknowledgement(echo17("SuccessfullyIngestedByReleaseDistributor", "", "8901234000014"));
    expect(acknowledgementMatches(other, DELIVERY)).toEqual({
      ok: false,
      reason: "The acknowledgement names release 8901234000014, not this delivery.",
    });
    const otherMessage = parseAcknowledgement(ernc18("SuccessfullyIngestedByReleaseDistributor", "FileOK", "", "x-1"));
    expect(acknowledgementMatches(otherMessage, DELIVERY).ok).toBe(false);
    const otherBatch = parseAcknowledgement(echo16("<FileStatus>FileOK</FileStatus>"));
    expect(acknowledgementMatches(otherBatch, { ...DELIVERY, batchId: "20261126093000999" }).ok).toBe(false);
    const anonymous = parseAcknowledgement(
      `<FtpAcknowledgementMessage>${header}<FileStatus>FileOK</FileStatus></FtpAcknowledgementMessage>`,
    );
    expect(acknowledgementMatches(anonymous, DELIVERY)).toEqual({
      ok: false,
      reason: "The acknowledgement names no release, message or file.",
    });
  });

  it("a file that is not an acknowledgement is refused with a plain reason", () => {
    expect(() => parseAcknowledgement("<ack/>")).toThrow("not an acknowledgement");
    expect(() => parseAcknowledgement("<oops")).toThrow("not well-formed");
    expect(() => parseAcknowledgement(echo16("<ErrorText>x</ErrorText>"))).toThrow("no FileStatus");
    expect(() =>
      parseAcknowledgement(
        `<AcknowledgementMessage xmlns="http://ddex.net/xml/ern-c-sftp/18">${header}</AcknowledgementMessage>`,
      ),
    ).toThrow("no ReleaseStatus");
  });

  it("a file far larger than any acknowledgement is refused before it is parsed (issue 33)", () => {
    const padded = echo16(`<FileStatus>FileOK</FileStatus><ErrorText>${"x".repeat(70 * 1024)}</ErrorText>`);
    expect(() => parseAcknowledgement(padded)).toThrow("larger than 32 KB");
  });
});
