import { LayoutGrid, Palette, TrendingUp } from 'lucide-react'

/** SPEC §1, §2.2: the three-step story — design your presence, manage your catalogue, boost sales. */
const STEPS = [
  {
    icon: Palette,
    title: 'Diseña tu presencia',
    text: 'Elige tus colores, sube tu logo y tus portadas. Tu tienda se ve como tu marca desde el primer día.',
  },
  {
    icon: LayoutGrid,
    title: 'Gestiona tu catálogo',
    text: 'Carga productos con fotos, precios, ofertas y categorías, y actualízalos cuando quieras.',
  },
  {
    icon: TrendingUp,
    title: 'Impulsa tus ventas',
    text: 'Comparte el enlace de tu vitrina y recibe consultas por WhatsApp de clientes listos para comprar.',
  },
] as const

export function HowItWorks() {
  return (
    <section aria-labelledby="como-funciona" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Cómo funciona</p>
          <h2 id="como-funciona" className="mt-1 text-3xl font-bold tracking-tight">
            Tu tienda online en tres pasos
          </h2>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li
              key={title}
              className="relative rounded-2xl border border-border bg-card p-6 shadow-sm"
            >
              <span
                className="absolute top-6 right-6 text-5xl leading-none font-extrabold text-secondary"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span
                className="grid size-12 place-items-center rounded-xl bg-accent text-white"
                aria-hidden="true"
              >
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">
                <span className="sr-only">Paso {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
