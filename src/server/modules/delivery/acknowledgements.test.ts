import { describe, expect, it } from "vitest";
import { parseAcknowledgement } from "./acknowledgements";

const ack = (body: string, root = "ernc:FtpAcknowledgementMessage") =>
  `<?xml version="1.0"?><${root} xmlns:ernc="http://ddex.net/xml/ern-c/16"><MessageHeader><MessageId>1</MessageId></MessageHeader>${body}</${root}>`;

describe("store acknowledgements (ERN-C FtpAcknowledgementMessage)", () => {
  it("FileOK accepts, whatever namespace prefix the store used", () => {
    expect(parseAcknowledgement(ack("<FileStatus>FileOK</FileStatus>"))).toEqual({
      accepted: true,
      status: "FileOK",
      message: null,
    });
    expect(parseAcknowledgement(ack("<FileStatus>FileOK</FileStatus>", "FtpAcknowledgementMessage")).accepted).toBe(
      true,
    );
  });

  it("any other status rejects, with the store's reason; an unknown status is never taken as success", () => {
    expect(
      parseAcknowledgement(ack("<FileStatus>FileNotOK</FileStatus><ErrorText>Missing ISRC on track 2</ErrorText>")),
    ).toEqual({ accepted: false, status: "FileNotOK", message: "Missing ISRC on track 2" });
    expect(parseAcknowledgement(ack("<FileStatus>SomethingNew</FileStatus>")).accepted).toBe(false);
  });

  it("a file that is not an acknowledgement is refused with a plain reason", () => {
    expect(() => parseAcknowledgement("<ack/>")).toThrow("not an FtpAcknowledgementMessage");
    expect(() => parseAcknowledgement("<oops")).toThrow("not well-formed");
    expect(() => parseAcknowledgement(ack("<ErrorText>x</ErrorText>"))).toThrow("no FileStatus");
  });

  it("a file far larger than any acknowledgement is refused before it is parsed (issue 33)", () => {
    const padded = ack(`<FileStatus>FileOK</FileStatus><ErrorText>${"x".repeat(70 * 1024)}</ErrorText>`);
    expect(() => parseAcknowledgement(padded)).toThrow("larger than 32 KB");
  });
});
