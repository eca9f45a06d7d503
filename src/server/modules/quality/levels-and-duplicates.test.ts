import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ReleaseInput } from "#domain/releases";
import type { Signal } from "#server/media/wav";
import { createArtist, releaseInput } from "#server/test/factories";
import { image, type MediaServer, startMediaServer, wav } from "#server/test/media-fixtures";
import { answer, startTestServer, TEST_ADMIN, type TestServer } from "#server/test/test-server";
import { uploadFile } from "#server/test/tus";

// Issue 40: every master measured and fingerprinted by the quality check, through the real API.

let server: TestServer;
let media: MediaServer;
let songBytes: Buffer;

/** Random notes from a seed, a little different in each channel: music no other test file holds. */
function tune(seed: number, gain = 0.3): Signal {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const notes = Array.from({ length: 200 }, () => 220 * 2 ** (Math.floor(next() * 24) / 12));
  return (t, ch) => {
    const note = notes[Math.floor(t * 4) % notes.length] ?? 220;
    return gain * (ch === 0 ? 1 : 0.8) * (1 - ((t * 4) % 1) * 0.6) * Math.sin(2 * Math.PI * note * t);
  };
}

beforeAll(async () => {
  media = await startMediaServer();
  const spec = { sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 20 } as const;
  songBytes = wav(spec, tune(11));
  media.put("/song.wav", songBytes);
  // The same song as someone else would have it: resampled to 48 kHz, 24-bit and 1 dB quieter.
  media.put("/song-reencoded.wav", wav({ ...spec, sampleRate: 48_000, bitDepth: 24 }, tune(11, 0.3 * 10 ** (-1 / 20))));
  media.put("/other-song.wav", wav(spec, tune(12)));
  // A master squeezed past full scale: a hard-clipped, very loud version of a song.
  const loud = tune(13, 4);
  media.put(
    "/loud.wav",
    wav(spec, (t, ch) => Math.max(-1, Math.min(1, loud(t, ch)))),
  );
  // One channel copied into both.
  const mono = tune(14);
  media.put(
    "/mono.wav",
    wav(spec, (t) => mono(t, 0)),
  );
  media.put("/art.jpg", await image({ width: 3000, height: 3000, format: "jpeg" }));
}, 60_000);
afterAll(async () => {
  await media?.close();
});
beforeEach(async () => {
  server = await startTestServer({ FETCH_ALLOW_HOSTS: media.host });
});
afterEach(async () => {
  await server?.close();
});

// Through the typed client: requests and answers have the routes' own types.
async function submit(
  artist: Awaited<ReturnType<typeof createArtist>>,
  audio: string,
  extra: Partial<ReleaseInput> = {},
) {
  const { release } = await answer(
    artist.client.api.releases.$post({
      json: releaseInput({ audioFileUrl: media.url(audio), coverArtUrl: media.url("/art.jpg"), ...extra }),
    }),
  );
  await server.jobs.drain();
  const detail = await answer(artist.client.api.releases[":id"].$get({ param: { id: release.id } }));
  expect(detail.quality.status).toBe("done");
  return detail;
}

const preflight = (artist: Awaited<ReturnType<typeof createArtist>>, json: ReleaseInput, editing?: string) =>
  answer(artist.client.api.releases.preflight.$post({ json, query: editing ? { release: editing } : {} }));

describe("duplicates", () => {
  it("blocks the second account's copy of a recording with the evidence, and not the first's", async () => {
    const first = await createArtist(server, "Asha");
    const second = await createArtist(server, "Copycat");
    const original = await submit(first, "/song.wav", { title: "Monsoon Nights" });
    expect(original.quality.findings.map((f) => f.code)).toEqual([]);

    const copied = await submit(second, "/song.wav", { title: "My Song", artistName: "Copycat" });
    const duplicate = copied.quality.findings.find((f) => f.code === "audio.duplicate");
    expect(duplicate).toMatchObject({ severity: "blocking" });
    expect(duplicate?.message).toBe(
      "This recording is already distributed from another account: 100% of this track matches “Monsoon Nights” by Asha on “Monsoon Nights”.",
    );
    expect(duplicate?.fix).toMatch(/support ticket/);

    // A re-encoded copy still matches; other music does not.
    const reencoded = await submit(second, "/song-reencoded.wav", { title: "My Song 2", artistName: "Copycat" });
    const match = reencoded.quality.findings.find((f) => f.code === "audio.duplicate");
    expect(match?.message).toMatch(/: (9\d|100)% of this track matches “Monsoon Nights”/);
    const other = await submit(second, "/other-song.wav", { title: "Mine", artistName: "Copycat" });
    expect(other.quality.findings.map((f) => f.code)).toEqual([]);
  });

  it("warns an artist re-releasing their own recording under a new ISRC to reuse the old one", async () => {
    const artist = await createArtist(server, "Asha");
    await submit(artist, "/song.wav", {
      title: "Monsoon Nights",
      tracks: [{ title: "Monsoon Nights", isrc: "INABC2600001" }],
    });
    const again = await submit(artist, "/song-reencoded.wav", {
      title: "Monsoon Nights (2027 Edition)",
      tracks: [{ title: "Monsoon Nights", isrc: "INABC2600002" }],
    });
    const reupload = again.quality.findings.find((f) => f.code === "audio.reupload");
    expect(reupload).toMatchObject({ severity: "warning" });
    expect(reupload?.fix).toBe(
      "A re-release of the same recording must reuse its ISRC: enter INABC2600001 as this track's ISRC.",
    );
    expect(again.quality.findings.some((f) => f.code === "audio.duplicate")).toBe(false);
  });
});

describe("levels", () => {
  it("warns about a loud, clipping master and shows its measured levels on the release", async () => {
    const artist = await createArtist(server);
    const release = await submit(artist, "/loud.wav");
    const codes = release.quality.findings.map((f) => f.code).sort();
    expect(codes).toEqual(["levels.clipping", "levels.loud", "levels.true_peak"]);
    expect(release.quality.findings.every((f) => f.severity === "warning")).toBe(true);
    expect(release.tracks[0]?.levels).toMatchObject({
      integratedLufs: expect.any(Number),
      truePeakDbtp: expect.any(Number),
      clippedSamples: expect.any(Number),
    });
  });

  it("tells a mono master saved as stereo", async () => {
    const artist = await createArtist(server);
    const release = await submit(artist, "/mono.wav");
    expect(release.quality.findings.map((f) => f.code)).toEqual(["levels.mono_in_stereo"]);
  });
});

describe("per-store verdict before submission", () => {
  type Verdict = Awaited<ReturnType<typeof preflight>>["verdict"];
  const byStore = (verdict: Verdict) => Object.fromEntries(verdict.stores.map((s) => [s.store, s.verdict]));

  it("judges uploads as they were measured, store by store, and changes nothing", async () => {
    const artist = await createArtist(server, "Asha");
    const loud = tune(21, 4);
    const audioId = await uploadFile(artist.client, {
      kind: "audio",
      type: "audio/wav",
      name: "loud.wav",
      bytes: wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 12 }, (t, ch) =>
        Math.max(-1, Math.min(1, loud(t, ch))),
      ),
    });
    const coverId = await uploadFile(artist.client, {
      kind: "artwork",
      type: "image/jpeg",
      name: "cover.jpg",
      bytes: await image({ width: 3000, height: 3000, format: "jpeg" }),
    });
    const draft = releaseInput({
      title: "Monsoon Nights (feat. Ravi)",
      audioUploadId: audioId,
      audioFileUrl: "",
      coverArtUploadId: coverId,
      coverArtUrl: "",
    });
    // The upload's measurement is queued; until it has run, the verdict waits.
    const waiting = await preflight(artist, draft);
    expect(waiting.verdict.summary).toBe("Checking your files for the stores…");

    await server.jobs.drain();
    const { verdict } = await preflight(artist, draft);
    expect(byStore(verdict)).toMatchObject({ spotify: "warnings", "apple-music": "refused" });
    const apple = verdict.stores.find((s) => s.store === "apple-music");
    expect(apple?.reasons[0]).toMatchObject({
      kind: "refused",
      message: '"Monsoon Nights (feat. Ravi)" names a featured artist in the title.',
    });
    const spotify = verdict.stores.find((s) => s.store === "spotify");
    expect(spotify?.reasons.map((r) => r.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Spotify plays at −14\.0 LUFS: this master \(−?\d+\.\d LUFS\) will be turned down \d+\.\d dB\.$/,
        ),
      ]),
    );

    // Fixed as the verdict says: Apple takes it too (with the loudness warning).
    const fixed = await preflight(artist, {
      ...draft,
      title: "Monsoon Nights",
      tracks: [{ title: "Monsoon Nights", featuredArtists: ["Ravi"] }],
    });
    expect(byStore(fixed.verdict)).toMatchObject({ spotify: "warnings", "apple-music": "warnings" });
    expect((await answer(artist.client.api.releases.$get({ query: {} }))).releases).toEqual([]);
  });

  it("reads another account's upload as no file at all", async () => {
    const owner = await createArtist(server, "Owner");
    const other = await createArtist(server, "Other");
    const audioId = await uploadFile(owner.client, {
      kind: "audio",
      type: "audio/wav",
      name: "mine.wav",
      bytes: wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, seconds: 2 }),
    });
    const res = await preflight(other, releaseInput({ audioUploadId: audioId, audioFileUrl: "" }));
    expect(res.findings.map((f) => f.code)).toContain("audio.missing");
  });

  it("judges an edit as the edit, not as a copy of the release it edits; another's release is not found", async () => {
    const artist = await createArtist(server, "Asha");
    const release = await submit(artist, "/song.wav", {
      title: "Monsoon Nights",
      tracks: [{ title: "Monsoon Nights", isrc: "INABC2600001" }],
    });
    // The artist edits it with the same recording, uploaded this time (measured on the queue).
    const audioUploadId = await uploadFile(artist.client, {
      kind: "audio",
      type: "audio/wav",
      name: "monsoon.wav",
      bytes: new Uint8Array(songBytes),
    });
    await server.jobs.drain();
    const edit = releaseInput({
      title: "Monsoon Nights",
      audioUploadId,
      audioFileUrl: "",
      coverArtUrl: media.url("/art.jpg"),
      tracks: [{ title: "Monsoon Nights", isrc: "" }],
    });
    // As a new release, the same recording under no ISRC is told to reuse the first one's…
    expect((await preflight(artist, edit)).findings.map((f) => f.code)).toContain("audio.reupload");
    // …as the edit of that release, it is the release itself.
    const editing = await preflight(artist, edit, release.release.id);
    expect(editing.findings.map((f) => f.code)).toEqual([]);
    const stranger = await createArtist(server, "Stranger");
    const foreign = await stranger.client.api.releases.preflight.$post({
      json: edit,
      query: { release: release.release.id },
    });
    expect(foreign.status).toBe(404);
  });

  it("is on the release page and in the admin's review once submitted", async () => {
    const artist = await createArtist(server);
    const release = await submit(artist, "/other-song.wav");
    expect(release).toMatchObject({ verdict: { summary: "Ready for all 6 stores" } });
    const admin = server.client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const review = await answer(admin.api.admin.releases[":id"].$get({ param: { id: release.release.id } }));
    expect(review.verdict).toEqual(release.verdict);
  });
});

describe("versions", () => {
  it("finds version text in a title, takes it in the Version field instead, and keeps it with the track", async () => {
    const artist = await createArtist(server);
    const inTitle = await preflight(
      artist,
      releaseInput({ title: "Monsoon Nights (Acoustic)", coverArtUrl: media.url("/art.jpg") }),
    );
    const found = inTitle.findings.find((f) => f.code === "metadata.version_in_title");
    expect(found?.fix).toMatch(/^Put "Acoustic" in the track's Version field/);
    expect(inTitle.verdict.stores.find((s) => s.store === "apple-music")?.verdict).toBe("refused");

    const release = await submit(artist, "/other-song.wav", {
      title: "Monsoon Nights",
      tracks: [{ title: "Monsoon Nights", version: "Acoustic" }],
    });
    expect(release.quality.findings).toEqual([]);
    expect(release.tracks[0]).toMatchObject({ title: "Monsoon Nights", version: "Acoustic" });
  });
});
