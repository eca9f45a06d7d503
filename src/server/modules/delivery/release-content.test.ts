import { describe, expect, it } from "vitest";
import { contentHashes, type ReleaseContent } from "./release-content";

const content = (): ReleaseContent =>
  ({
    release: {
      title: "Monsoon",
      artistName: "Asha",
      releaseType: "ep",
      releaseDate: "2026-12-24",
      originalReleaseDate: null,
      genre: "Indie",
      language: "hi",
      isExplicit: false,
      labelName: null,
      releaseTiming: "local",
      preOrderDate: null,
      instantGratDate: null,
      artworkAi: null,
      upcEan: "8901234000007",
      artworkMd5: "a1",
      artworkFacts: { width: 3000, height: 3000, format: "jpeg" },
      // Not shown to stores: never part of the hashes.
      status: "live",
      adminNotes: "ok",
    },
    tracks: [1, 2].map((position) => ({
      position,
      isrc: `INZZZ260000${position}`,
      title: `Song ${position}`,
      artistName: null,
      featuredArtists: [],
      remixers: [],
      contributors: [],
      isExplicit: false,
      durationSeconds: 200,
      audioMd5: `m${position}`,
      audioFacts: { container: "wav" },
    })),
  }) as unknown as ReleaseContent;

describe("what a store shows of a release", () => {
  it("every field a message carries changes the view; only file contents change the files", () => {
    const base = contentHashes(content());
    const changed = (edit: (c: ReleaseContent) => void) => {
      const c = content();
      edit(c);
      return contentHashes(c);
    };
    const metadataEdits: ((c: ReleaseContent) => void)[] = [
      (c) => {
        c.release.genre = "Sufi";
      },
      (c) => {
        c.release.isExplicit = true;
      },
      (c) => {
        c.release.labelName = "Monsoon Records";
      },
      (c) => {
        c.release.originalReleaseDate = "1998-06-15";
      },
      (c) => {
        c.release.releaseTiming = "global";
      },
      // A change of AI declaration after delivery is an update (4.3.2 stores show it).
      (c) => {
        c.release.artworkAi = "partly";
      },
      (c) => {
        c.release.preOrderDate = "2026-12-01";
      },
      (c) => {
        (c.tracks[0] as ReleaseContent["tracks"][number]).contributors = [{ name: "Gulzar Rao", role: "lyricist" }];
      },
      (c) => {
        (c.tracks[1] as ReleaseContent["tracks"][number]).featuredArtists = ["Ravi"];
      },
      (c) => {
        (c.tracks[1] as ReleaseContent["tracks"][number]).remixers = ["Meera"];
      },
      // Track order: the same recordings, swapped.
      (c) => {
        const [a, b] = c.tracks as [ReleaseContent["tracks"][number], ReleaseContent["tracks"][number]];
        [a.position, b.position] = [b.position, a.position];
        c.tracks.reverse();
      },
    ];
    for (const edit of metadataEdits) {
      const after = changed(edit);
      expect(after.view).not.toBe(base.view);
      expect(after.files).toBe(base.files);
    }
    const replaced = changed((c) => {
      (c.tracks[1] as ReleaseContent["tracks"][number]).audioMd5 = "m2-new";
    });
    expect(replaced.view).not.toBe(base.view);
    expect(replaced.files).not.toBe(base.files);
    const newCover = changed((c) => {
      c.release.artworkMd5 = "a2";
    });
    expect(newCover.files).not.toBe(base.files);
    // What stores never see changes neither.
    expect(
      changed((c) => {
        c.release.adminNotes = "checked twice";
      }),
    ).toEqual(base);
  });
});
