import type { QueryClient } from '@tanstack/react-query'
import { ensureData } from '../../../api/ensure-data'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { CompactPlans } from '../components/compact-plans'
import { ContactSection } from '../components/contact-section'
import { featuredBusinessesQueryOptions } from '../api/get-businesses'
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

/** The featured businesses, before the page renders (router.tsx). */
export function dataLoader(queryClient: QueryClient) {
  return async () => {
    await ensureData(queryClient, featuredBusinessesQueryOptions())
    return null
  }
}

export { LandingRoute as Component }
