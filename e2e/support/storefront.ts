/** Steps on a storefront page that several journeys share. */
import { expect, type Page } from '@playwright/test'

/** The home's product carousels (SPEC §2.5), top to bottom. */
const HOME_CAROUSELS = ['Productos Destacados', 'Nuevos Productos', 'Ofertas Especiales']

/**
 * Scrolls to each carousel of a storefront home, as a shopper scrolls down, and waits for its
 * first card to show.
 */
export async function scrollThroughCarousels(page: Page): Promise<void> {
  for (const name of HOME_CAROUSELS) {
    const carousel = page.getByRole('region', { name }).first()
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel.locator('article').first()).toBeVisible()
  }
}
