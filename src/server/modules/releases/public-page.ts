import fs from "node:fs/promises";
import { asc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import sharp from "sharp";
import { todayIst } from "#domain/clock";
import { latestPerStore, type StoreState, storeStateOf } from "#domain/deliveries";
import { activeLocale, INTL_LOCALES, LOCALES } from "#domain/i18n";
import { escapeHtml, SHARE_IMAGE_PATH } from "#domain/public-pages";
import type { AppEnv } from "#server/context";
import type { Db } from "#server/db/client";
import { deliveries, releases } from "#server/db/schema";
import { publicPageHtml } from "#server/lib/public-page-html";
import type { MediaStore } from "#server/media/media-store";
import { releaseMainArtists } from "#server/modules/artists";
import type { StoreConfig } from "#server/modules/delivery";
import { countLinkEvent, releaseStoreLinks } from "#server/modules/store-links";

/** The public address of a release's page (the link "Share" copies). */
export const publicReleasePath = (slug: string) => `/r/${slug}`;

const dateFormats = new Map(
  LOCALES.map((locale) => [
    locale,
    new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: "medium", timeZone: "UTC" }),
  ]),
);
/** A release date (YYYY-MM-DD) as people read it in the language in hand: "24 Dec 2026", "24 दिस॰ 2026". */
export const formatReleaseDate = (iso: string) => dateFormats.get(activeLocale())?.format(new Date(iso)) ?? iso;

/** The public facts of an approved release, and where it is on each store. Null: not public. */
async function publicRelease(db: Db, stores: readonly StoreConfig[], slug: string) {
  if (!/^[a-f0-9]{10}$/.test(slug)) return null;
  const [release] = await db.select().from(releases).where(eq(releases.publicSlug, slug));
  // Only what an admin approved is public; a release under review or rejected is not.
  if (release?.status !== "live") return null;
  const rows = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.releaseId, release.id))
    .orderBy(asc(deliveries.createdAt));
  const latest = latestPerStore(
    rows.map((d) => ({
      store: d.store,
      kind: d.kind,
      status: d.status,
      createdAt: d.createdAt.toISOString(),
      sentAt: d.sentAt?.toISOString() ?? null,
      acknowledgedAt: d.acknowledgedAt?.toISOString() ?? null,
      storeMessage: null,
    })),
  );
  const today = todayIst();
  const [links, artists] = await Promise.all([releaseStoreLinks(db, release.id), releaseMainArtists(db, release.id)]);
  const perStore = stores.map((store) => ({
    store,
    state: storeStateOf(latest.get(store.id), release.releaseDate, today) as StoreState,
    url: links.get(store.id) ?? null,
  }));
  // The artist line reads the profiles as named today; a release without one keeps its typed name.
  const artistName = artists.length ? artists.map((a) => a.name).join(", ") : release.artistName;
  return { release: { ...release, artistName }, artists, perStore, today };
}

/** Where a fan goes for a store: the release's own page there, else the store's search for it. */
function destination(entry: { store: StoreConfig; url: string | null }, title: string, artist: string) {
  if (entry.url) return entry.url;
  const template = entry.store.searchUrl;
  return template ? template.replace("{query}", encodeURIComponent(`${title} ${artist}`)) : null;
}

/**
 * A release's public page (a smart link) at /r/<slug>: server-rendered so WhatsApp and other apps
 * read its Open Graph tags; one button per store where the release is live; "Coming <date>" with
 * the stores it is scheduled for until then. Visits and clicks are counted per day, nothing else.
 */
export function publicReleasePages(
  deps: () => {
    db: Db;
    stores: readonly StoreConfig[];
    publicUrl: string;
    media: Pick<MediaStore, "has" | "derived">;
    /** A keyed digest of who is asking (address and browser): counted once a day, never stored plainly. */
    visitorOf: (c: Context<AppEnv>) => string;
  },
) {
  const app = new Hono<AppEnv>();
  const notFound = (publicUrl: string) =>
    publicPageHtml({
      title: "Release not available",
      description: "This release is not available on Kalrav.",
      url: publicUrl,
      image: `${publicUrl}${SHARE_IMAGE_PATH}`,
      body: `<h1>This release is not available</h1><p class="note">It may not be out yet, or it was taken down.</p>`,
    });

  app.get("/r/:slug", async (c) => {
    const { db, stores, publicUrl } = deps();
    const found = await publicRelease(db, stores, c.req.param("slug"));
    if (!found) return c.html(notFound(publicUrl), 404);
    const { release, artists, perStore, today } = found;
    if (c.req.method === "GET") await countLinkEvent(db, release.id, "visit", deps().visitorOf(c));
    const slug = release.publicSlug;
    const url = `${publicUrl}${publicReleasePath(slug)}`;
    const live = perStore.filter((s) => s.state === "live");
    const coming = perStore.filter((s) => ["sending", "delivered", "accepted"].includes(s.state));
    const image = release.artworkSha256 ? `${url}/cover.jpg` : `${publicUrl}${SHARE_IMAGE_PATH}`;
    // The language sung names the title's language (not an instrumental's "no language").
    const sung = release.language && release.language !== "zxx" ? release.language : null;
    const heading = `<img src="${escapeHtml(release.artworkSha256 ? `${publicReleasePath(slug)}/cover.jpg` : SHARE_IMAGE_PATH)}" alt="Cover art of ${escapeHtml(release.title)}" width="600" height="600">
<h1${sung ? ` lang="${escapeHtml(sung)}"` : ""}>${escapeHtml(release.title)}</h1>${
      // Issue 39: the title in its own script, and its Latin form beneath for those who read that.
      release.titleLatin
        ? `\n<p class="title-latin"${sung ? ` lang="${escapeHtml(sung)}-Latn"` : ""}>${escapeHtml(release.titleLatin)}</p>`
        : ""
    }
<p class="artist">${escapeHtml(release.artistName)}</p>`;
    const about = artists
      .filter((a) => a.bio || a.links.length)
      .map(
        (a) => `<section class="about">
<h2>About ${escapeHtml(a.name)}</h2>${a.bio ? `\n<p>${escapeHtml(a.bio)}</p>` : ""}${
          a.links.length
            ? `\n<ul aria-label="${escapeHtml(a.name)} elsewhere">${a.links
                .map(
                  (l) =>
                    `<li><a href="${escapeHtml(l)}" rel="noopener nofollow ugc">${escapeHtml(new URL(l).host)}</a></li>`,
                )
                .join("")}</ul>`
            : ""
        }
</section>`,
      )
      .join("\n");
    let body: string;
    let description: string;
    if (live.length) {
      const buttons = live
        .filter((s) => destination(s, release.title, release.artistName))
        .map(
          (s) =>
            `<li><a class="store" href="${publicReleasePath(slug)}/go/${escapeHtml(s.store.id)}" rel="nofollow">${escapeHtml(s.store.name)} <span>Listen</span></a></li>`,
        )
        .join("\n");
      description = `Listen to ${release.title} by ${release.artistName} on ${live.map((s) => s.store.name).join(", ")}.`;
      body = `${heading}\n<ul aria-label="Listen on">\n${buttons}\n</ul>${about ? `\n${about}` : ""}`;
    } else {
      const date = release.releaseDate > today ? formatReleaseDate(release.releaseDate) : null;
      const when = date ? `Coming ${date}` : "Coming soon";
      const names = coming.map((s) => s.store.name);
      description = `${release.title} by ${release.artistName}. ${when}${names.length ? ` to ${names.join(", ")}` : ""}.`;
      body = `${heading}\n<p class="note"><strong>${escapeHtml(when)}</strong></p>${
        names.length
          ? `\n<ul aria-label="Coming to">\n${names.map((n) => `<li class="soon">${escapeHtml(n)}</li>`).join("\n")}\n</ul>`
          : ""
      }${about ? `\n${about}` : ""}`;
    }
    c.header("Cache-Control", "no-store");
    return c.html(
      publicPageHtml({ title: `${release.title} by ${release.artistName}`, description, url, image, body }),
    );
  });

  app.get("/r/:slug/go/:store", async (c) => {
    const { db, stores, publicUrl } = deps();
    const found = await publicRelease(db, stores, c.req.param("slug"));
    const entry = found?.perStore.find((s) => s.store.id === c.req.param("store") && s.state === "live");
    const target = found && entry ? destination(entry, found.release.title, found.release.artistName) : null;
    if (!found || !entry || !target) return c.html(notFound(publicUrl), 404);
    await countLinkEvent(db, found.release.id, "click", deps().visitorOf(c), entry.store.id);
    c.header("Cache-Control", "no-store");
    return c.redirect(target, 302);
  });

  // The share image: the checked cover, made small enough for chat previews.
  app.get("/r/:slug/cover.jpg", async (c) => {
    const { db, stores, publicUrl, media } = deps();
    const found = await publicRelease(db, stores, c.req.param("slug"));
    const sha = found?.release.artworkSha256;
    if (!found || !sha || !(await media.has(sha))) return c.html(notFound(publicUrl), 404);
    // The cover's content names it: a changed cover is a new ETag, an unchanged one costs a 304.
    const etag = `"${sha.slice(0, 32)}-600"`;
    const cacheHeaders = { "Cache-Control": "public, max-age=3600", ETag: etag };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, cacheHeaders);
    // Made once per cover and served as a file (issue 33: decoding a 6000×6000 PNG per request took
    // 0.4–1.4 s and slowed every other request).
    const file = await media.derived(
      sha,
      "share-600.jpg",
      async (source) =>
        new Uint8Array(
          await sharp(source, { limitInputPixels: 100_000_000 })
            .resize(600, 600, { fit: "cover" })
            .jpeg({ quality: 82 })
            .toBuffer(),
        ),
    );
    return c.body(new Uint8Array(await fs.readFile(file)), 200, { "Content-Type": "image/jpeg", ...cacheHeaders });
  });
  return app;
}
