import { paths } from '../../config/paths'

/** SPEC §2.6 header links, in order (the 'Categorías' panel sits after 'Productos'). */
export function storefrontNavItems(identifier: string) {
  return {
    home: { label: 'Inicio', to: paths.storefront.home(identifier) },
    products: { label: 'Productos', to: paths.storefront.products(identifier) },
    offers: { label: 'Ofertas', to: paths.storefront.products(identifier, { oferta: true }) },
    contact: { label: 'Contacto', to: paths.platform.contact() },
  } as const
}
