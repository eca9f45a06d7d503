import { API_KEY_MESSAGES } from "#domain/api-keys";
import { DomainError } from "#server/lib/domain-error";

/**
 * An opaque cursor for the versioned API's lists: the last item's sort key, so a page never repeats
 * or skips an item when others are added meanwhile (offsets would).
 */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error("bad cursor");
    return { at: date, id };
  } catch {
    throw new DomainError("invalid", "BAD_CURSOR", API_KEY_MESSAGES.badCursor, { field: "cursor" });
  }
}
