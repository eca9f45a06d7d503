import { Brush, Disc3, Headphones, Megaphone, Mic2, Radio, Sliders, Video } from "lucide-react";
import { Link } from "react-router";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { FeatureCard } from "#web/features/marketing/components/feature-card";
import { PageHero } from "#web/features/marketing/components/page-hero";

const SERVICES = [
  {
    icon: Mic2,
    title: "Professional Recording",
    text: "Book studio time with experienced engineers, vocal booths and a mic collection for vocals, acoustic and live instruments.",
  },
  {
    icon: Disc3,
    title: "Music Production",
    text: "Producers who work across Bollywood, indie, hip-hop, electronic and regional genres shape your idea into a finished track.",
  },
  {
    icon: Headphones,
    title: "Artist Development",
    text: "Mentoring on sound, image, release planning and live performance, so each release builds on the one before.",
  },
  {
    icon: Sliders,
    title: "Mixing & Mastering",
    text: "Balanced mixes and masters that meet streaming loudness standards and sound right on phones, earbuds and club systems.",
  },
  {
    icon: Radio,
    title: "Radio Promotion",
    text: "Campaigns to FM, community and online radio stations in India and abroad, with reports of every play we secure.",
  },
  {
    icon: Video,
    title: "Music Videos",
    text: "Concept, shoot and edit of music videos, lyric videos and short vertical clips for Reels, Shorts and Moj.",
  },
  {
    icon: Brush,
    title: "Artwork Design",
    text: "Cover art that meets every store's rules (3000x3000 px, no logos or URLs) and looks good as a thumbnail.",
  },
  {
    icon: Megaphone,
    title: "Marketing & PR",
    text: "Release plans, press outreach, influencer campaigns and playlist pitching to turn a release into a moment.",
  },
];

export function ArtistServicesPage() {
  usePublicPageMeta("/artist-services");
  return (
    <>
      <PageHero title="Artist Services">Everything around the release: from the studio to the press release.</PageHero>
      {/* The cards' titles are h3: this heading keeps the outline in order. */}
      <h2 className="sr-only">Services</h2>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICES.map((s) => (
          <FeatureCard key={s.title} {...s} />
        ))}
      </div>
      <div className="pb-16 text-center">
        <Button asChild size="lg">
          <Link to={paths.contact}>Contact Our Team</Link>
        </Button>
      </div>
    </>
  );
}
