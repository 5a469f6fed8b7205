import { BarChart3, Package, Palette } from 'lucide-react'
import { BrandLogo } from '../../../components/brand-logo'

/**
 * SPEC §2.11: product catalogue, full customisation, sales analysis — the owner's insights at
 * /admin/estadisticas (issue 26); the text says what that page shows.
 */
const BENEFITS = [
  {
    icon: Package,
    title: 'Catálogo de productos',
    text: 'Publica tus productos con fotos, precios, ofertas y categorías.',
  },
  {
    icon: Palette,
    title: 'Personalización completa',
    text: 'Tu logo, tus colores y tus portadas: una tienda con tu identidad.',
  },
  {
    icon: BarChart3,
    title: 'Análisis de ventas',
    text: 'Mira cuántos te visitan, de dónde llegan, qué productos miran y piden, y qué buscan sin encontrar.',
  },
] as const

export function AuthPromoPanel() {
  return (
    <aside
      aria-label="Beneficios de Vitrina"
      className="relative hidden overflow-hidden bg-primary p-10 text-white lg:flex lg:flex-col xl:p-14"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-40 [background:radial-gradient(40rem_24rem_at_110%_0%,#415A77,transparent),radial-gradient(30rem_20rem_at_-10%_100%,#778DA9,transparent)]"
      />
      <div className="relative">
        <BrandLogo inverted />
      </div>
      <div className="relative my-auto max-w-md py-12">
        <p className="text-3xl leading-tight font-bold xl:text-4xl">
          Todo lo que tu negocio necesita para vender en línea
        </p>
        <ul className="mt-10 grid gap-7">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/10"
                aria-hidden="true"
              >
                <Icon className="size-5" />
              </span>
              <div>
                <p className="font-semibold">{title}</p>
                <p className="mt-0.5 text-sm text-white/75">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-white/60">© {new Date().getFullYear()} Vitrina</p>
    </aside>
  )
}
