import { paths } from '../../config/paths'

/**
 * SPEC §2.6 header links, in order (the 'Categorías' panel sits after 'Productos'). 'Contacto' is
 * the shop's own contact section (issue 24 §1: shoppers need the shop, not the platform); the
 * platform's contact stays in the footer's 'Vitrina' column, where SPEC §2.1 puts it.
 */
export function storefrontNavItems(identifier: string) {
  return {
    home: { label: 'Inicio', to: paths.storefront.home(identifier) },
    products: { label: 'Productos', to: paths.storefront.products(identifier) },
    offers: { label: 'Ofertas', to: paths.storefront.products(identifier, { oferta: true }) },
    contact: { label: 'Contacto', to: paths.storefront.contact(identifier) },
  } as const
}
