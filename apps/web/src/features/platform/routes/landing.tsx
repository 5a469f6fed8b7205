import { useDocumentTitle } from '../../../hooks/use-document-title'
import { CompactPlans } from '../components/compact-plans'
import { ContactSection } from '../components/contact-section'
import { FeaturedBusinesses } from '../components/featured-businesses'
import { HowItWorks } from '../components/how-it-works'
import { LandingHero } from '../components/landing-hero'
import { WhyVitrina } from '../components/why-vitrina'

/** SPEC §2.2: the platform home page. */
function LandingRoute() {
  useDocumentTitle()
  return (
    <>
      <LandingHero />
      <HowItWorks />
      <WhyVitrina />
      <FeaturedBusinesses />
      <CompactPlans />
      <ContactSection />
    </>
  )
}

export { LandingRoute as Component }
