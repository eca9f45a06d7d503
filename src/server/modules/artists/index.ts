// The artists module's entry point (issue 35): artist profiles and their store identities.
export { artistsRouter } from "./artists.routes";
export {
  artistProfileCount,
  creditMainArtist,
  mainArtistIdentity,
  releasesInScope,
  requireArtistNameInScope,
  requireReleaseInScope,
} from "./artists.service";
