import { expect } from "vitest";
import type { TestClient } from "./test-server";

export const TUS = { "tus-resumable": "1.0.0" };

/** A tus Upload-Metadata header: keys with base64 values. */
export const tusMetadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** Uploads a whole file over tus (create, then one PATCH) as a browser would; returns the upload id. */
export async function uploadFile(
  client: TestClient,
  file: { kind: "audio" | "artwork"; type: string; name: string; bytes: Uint8Array },
): Promise<string> {
  const created = await client.send("POST", "/api/uploads", undefined, {
    ...TUS,
    "upload-length": String(file.bytes.length),
    "upload-metadata": tusMetadata({ kind: file.kind, filetype: file.type, filename: file.name }),
  });
  expect(created.status, created.text).toBe(201);
  const location = created.headers.get("location") as string;
  const sent = await client.send("PATCH", location, new Uint8Array(file.bytes), {
    ...TUS,
    "upload-offset": "0",
    "content-type": "application/offset+octet-stream",
  });
  expect(sent.status, sent.text).toBe(204);
  return location.split("/").at(-1) as string;
}
