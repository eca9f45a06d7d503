import { Link } from "react-router";
import { usePageMeta } from "../../../components/page-title";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { SectionPage } from "../section-page";

export function HomePage() {
  usePageMeta("Kalrav", "Distribute your music to 150+ streaming stores and keep up to 85% of your royalties.");
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
      <p className="mx-auto mb-6 inline-block rounded-full border border-border px-4 py-1 text-sm text-muted-foreground">
        Go live on major stores within 24 hours
      </p>
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
        Distribute Your Music Globally. <span className="text-primary">Amplify Your Reach.</span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
        Kalrav gets your releases onto 150+ streaming stores and platforms, with transparent monthly royalties and 100%
        of your rights kept.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to={paths.register}>Start Distributing</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.features}>Learn More</Link>
        </Button>
      </div>
    </section>
  );
}

const PublicSection = ({ title, description }: { title: string; description: string }) => (
  <div className="px-4 py-12">
    <SectionPage title={title} description={description} />
  </div>
);

export const FeaturesPage = () => (
  <PublicSection title="Features" description="Everything an independent artist or label needs to release music." />
);
export const PricingPage = () => <PublicSection title="Pricing" description="Yearly plans in INR, billed per year." />;
export const ArtistServicesPage = () => (
  <PublicSection
    title="Artist Services"
    description="Recording, production, promotion and more for independent artists."
  />
);
export const ProductionPage = () => (
  <PublicSection title="Production" description="Music production services from idea to master." />
);
export const ContactPage = () => (
  <PublicSection title="Contact Us" description="Questions about distribution? Write to us." />
);
export const SupportPublicPage = () => (
  <PublicSection title="Support" description="Answers to common questions and help from our team." />
);
