// Text that leaves in mails and texts to people who did not ask for them (issue 33).

/**
 * What of a sender's own text may go into a message to someone who never asked for it: a name, cut
 * short, with only letters, marks, digits and a few name characters, and nothing that reads as a link.
 */
export function safeSenderName(name: string, fallback = "A Kalrav artist"): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N} .'&-]/gu, " ")
    .replace(/(\p{L}|\p{N})\.(?=(\p{L}|\p{N}){2})/gu, "$1 ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60)
    .trim();
  return cleaned || fallback;
}
