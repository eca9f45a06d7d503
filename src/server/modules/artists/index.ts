// The artists module's entry point (issue 35): artist profiles and their store identities.
export { artistsRouter } from "./artists.routes";
export {
  type ArtistIdentity,
  artistProfileCount,
  creditReleaseArtists,
  releaseArtistIdentities,
  releaseMainArtists,
  releasesInScope,
  requireArtistNameInScope,
  requireReleaseInScope,
} from "./artists.service";
