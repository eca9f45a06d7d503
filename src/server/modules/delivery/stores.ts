import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { VerdictStore } from "#domain/store-verdict";

/** The delivery formats a store can take. */
export const STORE_FORMATS = ["ern-4.3", "ern-4.3.2", "itunes-package"] as const;
export type StoreFormat = (typeof STORE_FORMATS)[number];

/** A store we deliver to: who it is in DDEX terms and how files reach it. */
const storeSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,40}$/),
  name: z.string().min(1),
  dpid: z.string().regex(/^PADPIDA[a-zA-Z0-9]+$/, "a DDEX party id starts with PADPIDA"),
  /** Offer permanent downloads besides streaming. */
  downloads: z.boolean().default(false),
  /**
   * Artist identities this store reads (issue 35): "spotify" sends an artist's Spotify URI and Artist
   * Profile Protection key in the ERN; "apple" an artist's Apple Music id in the iTunes Package. Our
   * own artist id goes to every store.
   */
  artistIds: z.array(z.enum(["spotify", "apple"])).optional(),
  /**
   * How the store takes a takedown: the release resent with its deals ended (the default, and what
   * Spotify requires; unset means this), or a PurgeReleaseMessage for a store whose agreement asks for one.
   */
  takedown: z.enum(["end-deals", "purge"]).optional(),
  /**
   * What the store takes: an ERN 4.3 NewReleaseMessage in a DDEX batch (the default), ERN 4.3.2
   * (the same with the AI disclosure), or Apple's iTunes Package (`<UPC>.itmsp` with metadata.xml).
   */
  format: z.enum(STORE_FORMATS).optional(),
  /** For an iTunes Package: the provider short name Apple gave the content provider. */
  provider: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/)
    .optional(),
  /** For an iTunes Package: the wholesale price tiers of the agreement; without them, streaming only. */
  priceTiers: z.object({ track: z.string().min(1), album: z.string().min(1) }).optional(),
  /**
   * The store's search, with {query} where the release's title and artist go: where a fan is sent
   * from the release's public page until its own link on the store is known.
   */
  searchUrl: z
    .string()
    .url()
    .refine((v) => v.startsWith("https://") && v.includes("{query}"), "an https address containing {query}")
    .optional(),
  transport: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("folder"), path: z.string().min(1) }),
    z.object({
      kind: z.literal("sftp"),
      host: z.string().min(1),
      port: z.number().int().min(1).max(65535).default(22),
      username: z.string().min(1),
      password: z.string().optional(),
      privateKeyPath: z.string().optional(),
      /** The server's host key fingerprint as `ssh-keygen -lf` prints it ("SHA256:..."): any other key is refused. */
      hostKeySha256: z
        .string()
        .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, "the host key fingerprint, as SHA256:<43 base64 characters>"),
      /** Folder on the server that batches go into. */
      path: z.string().default("."),
    }),
  ]),
});
export type StoreConfig = z.infer<typeof storeSchema>;

export function storeFormat(store: StoreConfig): StoreFormat {
  return store.format ?? "ern-4.3";
}

/** The stores as the stores' check (issue 40) judges a release against them: name and format. */
export function verdictStores(stores: readonly StoreConfig[]): VerdictStore[] {
  return stores.map((s) => ({ id: s.id, name: s.name, format: storeFormat(s) }));
}

/**
 * The stores of a fresh install: the six an Indian artist expects, each delivering into a local
 * folder under the data directory (what a store would pick up), with placeholder DDEX party ids.
 * A real deployment lists its stores, their DPIDs and SFTP drop boxes in STORES_FILE.
 */
function defaultStores(dataDir: string): StoreConfig[] {
  const local = (
    id: string,
    name: string,
    searchUrl: string,
    downloads = false,
    format: StoreFormat = "ern-4.3",
  ): StoreConfig => ({
    id,
    name,
    dpid: `PADPIDALOCAL${id.replace(/-/g, "").toUpperCase()}`,
    downloads,
    artistIds: id === "spotify" ? ["spotify"] : format === "itunes-package" ? ["apple"] : [],
    searchUrl,
    format,
    ...(format === "itunes-package" ? { provider: "KALRAV_LOCAL" } : {}),
    transport: { kind: "folder", path: path.join(dataDir, "deliveries", id) },
  });
  return [
    local("spotify", "Spotify", "https://open.spotify.com/search/{query}"),
    // Apple takes its own iTunes Package, not ERN (a local folder standing in for Transporter).
    local("apple-music", "Apple Music", "https://music.apple.com/in/search?term={query}", true, "itunes-package"),
    local("youtube-music", "YouTube Music", "https://music.youtube.com/search?q={query}"),
    local("amazon-music", "Amazon Music", "https://music.amazon.in/search/{query}", true),
    local("jiosaavn", "JioSaavn", "https://www.jiosaavn.com/search/{query}"),
    local("gaana", "Gaana", "https://gaana.com/search/{query}"),
  ];
}

/** Reads STORES_FILE (a JSON array of stores) or falls back to the local defaults. Fails fast on bad entries. */
export function loadStores(storesFile: string | undefined, dataDir: string): StoreConfig[] {
  if (!storesFile) return defaultStores(dataDir);
  const raw = JSON.parse(fs.readFileSync(storesFile, "utf8"));
  const parsed = z.array(storeSchema).safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid STORES_FILE ${storesFile}:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  const ids = new Set<string>();
  for (const store of parsed.data) {
    if (store.format === "itunes-package" && !store.provider)
      throw new Error(`STORES_FILE: store ${store.id} takes iTunes Packages and needs its Apple provider short name`);
    if (ids.has(store.id)) throw new Error(`STORES_FILE lists store ${store.id} twice`);
    ids.add(store.id);
  }
  return parsed.data;
}
