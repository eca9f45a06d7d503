import type { ErnSnapshot, ErnTrack } from "#server/modules/delivery";

/**
 * The release snapshots the delivery tests build messages and packages from: a single by Asha, due
 * on 24 December 2026, with one checked 24-bit WAV and a 3000 px cover; override what a test is about.
 */
export const FIXTURE_UPC = "8901234000007";

export const ernTrack = (position: number, over: Partial<ErnTrack> = {}): ErnTrack => ({
  position,
  isrc: `INZZZ26${String(position).padStart(5, "0")}`,
  title: `Song ${position}`,
  version: null,
  artistName: null,
  instantGrat: false,
  ai: null,
  featuredArtists: [],
  contributors: [],
  isExplicit: false,
  durationSeconds: 180 + position,
  audio: {
    fileName: `8901234000007_01_${String(position).padStart(3, "0")}.wav`,
    md5: "9e107d9d372bb6826bd81d3542a419d6",
    codec: "WAV",
    channels: 2,
    sampleRate: 44_100,
    bitDepth: 24,
  },
  ...over,
});

export function ernSnapshot(
  over: Partial<Omit<ErnSnapshot, "release">> & { release?: Partial<ErnSnapshot["release"]> } = {},
): ErnSnapshot {
  const { release, ...rest } = over;
  return {
    messageId: "d7f0c6a2-1",
    createdAt: new Date("2026-11-22T10:00:00.123Z"),
    sender: { dpid: "PADPIDALOCALKALRAV", name: "Kalrav" },
    recipient: { dpid: "PADPIDALOCALSPOTIFY", name: "Spotify" },
    release: {
      id: "5b1c-release",
      upc: "8901234000007",
      title: "Monsoon Nights",
      artistName: "Asha",
      type: "single",
      releaseDate: "2026-12-24",
      originalReleaseDate: null,
      releaseTiming: "local",
      preOrderDate: null,
      instantGratDate: null,
      artworkAi: null,
      genre: "Indie",
      language: null,
      isExplicit: false,
      rightsHolder: "Asha",
      ...release,
    },
    tracks: [ernTrack(1)],
    artwork: {
      fileName: "8901234000007.jpg",
      md5: "e4d909c290d0fb1ca068ffaddf22cbd0",
      width: 3000,
      height: 3000,
      format: "jpeg",
    },
    takedown: false,
    filesProvided: true,
    downloads: false,
    ...rest,
  };
}
