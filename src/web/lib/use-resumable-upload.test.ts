// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { api, mockApiForThisFile } from "#web/test/render";
import { useResumableUpload } from "./use-resumable-upload";

mockApiForThisFile();

/** A tus server in a few handlers: creation, then PATCHes that must carry on from its offset. */
function tusServer(opts: { refuseCreation?: { status: number; text: string } } = {}) {
  const received: { offset: number; bytes: number }[] = [];
  let offset = 0;
  let created: Record<string, string> = {};
  api.use(
    http.post("*/api/uploads", ({ request }) => {
      if (opts.refuseCreation)
        return new HttpResponse(opts.refuseCreation.text, { status: opts.refuseCreation.status });
      created = Object.fromEntries(
        (request.headers.get("upload-metadata") ?? "").split(",").map((pair) => {
          const [key = "", value = ""] = pair.split(" ");
          return [key, atob(value)];
        }),
      );
      return new HttpResponse(null, {
        status: 201,
        headers: { location: "/api/uploads/up_1", "tus-resumable": "1.0.0" },
      });
    }),
    http.patch("*/api/uploads/up_1", async ({ request }) => {
      const at = Number(request.headers.get("upload-offset"));
      if (at !== offset) return new HttpResponse("offset mismatch", { status: 409 });
      const bytes = (await request.arrayBuffer()).byteLength;
      received.push({ offset: at, bytes });
      offset += bytes;
      return new HttpResponse(null, {
        status: 204,
        headers: { "upload-offset": String(offset), "tus-resumable": "1.0.0" },
      });
    }),
  );
  return { received, metadata: () => created };
}

describe("the resumable upload hook", () => {
  it("sends the file over tus with its kind and name, and finishes with the upload's id", async () => {
    const server = tusServer();
    const { result } = renderHook(() => useResumableUpload({ kind: "audio" }));
    const file = new File([new Uint8Array(50_000)], "dil-ki-baat.wav", { type: "audio/wav" });
    act(() => result.current.start(file, "audio/wav"));
    expect(result.current.state).toMatchObject({ phase: "uploading", fileName: "dil-ki-baat.wav", total: 50_000 });
    await waitFor(() => expect(result.current.state.phase).toBe("finished"));
    expect(result.current.state).toEqual({
      phase: "finished",
      fileName: "dil-ki-baat.wav",
      total: 50_000,
      uploadId: "up_1",
    });
    expect(server.metadata()).toMatchObject({ kind: "audio", filetype: "audio/wav", filename: "dil-ki-baat.wav" });
    expect(server.received).toEqual([{ offset: 0, bytes: 50_000 }]);
  });

  it("keeps the file's name and says the server's words when it refuses (issue 33), without retrying a refusal", async () => {
    tusServer({ refuseCreation: { status: 413, text: "This file would take you over your 5 MB of media." } });
    const { result } = renderHook(() => useResumableUpload({ kind: "artwork" }));
    act(() => result.current.start(new File([new Uint8Array(10)], "cover.png"), "image/png"));
    await waitFor(() => expect(result.current.state.phase).toBe("failed"));
    expect(result.current.state).toMatchObject({
      phase: "failed",
      fileName: "cover.png",
      message: "This file would take you over your 5 MB of media.",
    });
  });
});
