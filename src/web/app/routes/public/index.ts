// The public pages other than home, loaded as one chunk when a visitor first leaves the landing page.
export { ApiReferencePage } from "./api-reference";
export { ArtistServicesPage } from "./artist-services";
export { ContactPage } from "./contact";
export { FeaturesPage } from "./features";
export { PricingPage } from "./pricing";
export { ProductionPage } from "./production";
export { SupportPage } from "./support";
