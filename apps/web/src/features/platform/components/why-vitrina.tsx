import { PLANS } from '@vitrina/contracts'
import { Infinity as InfinityIcon, Smartphone, Zap } from 'lucide-react'

/** SPEC §1: quick setup with no technical knowledge, fully responsive, a free start (SPEC §9). */
const POINTS = [
  {
    icon: Zap,
    title: 'Configuración rápida',
    text: 'Un asistente te guía paso a paso. No necesitas conocimientos técnicos.',
  },
  {
    icon: Smartphone,
    title: 'Totalmente adaptable',
    text: 'Tu catálogo se ve impecable en celulares, tablets y computadoras.',
  },
  {
    // Issue 41: 'Productos ilimitados' read as the free plan's; it has 20 (SPEC §9).
    icon: InfinityIcon,
    title: 'Empieza gratis, crece sin límites',
    text: `El ${PLANS.free.name} incluye ${PLANS.free.productLimit} productos; con el ${PLANS.pro.name} publicas todos los que quieras.`,
  },
] as const

export function WhyVitrina() {
  return (
    <section
      aria-labelledby="por-que"
      className="border-y border-border bg-secondary/50 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="por-que" className="text-center text-3xl font-bold tracking-tight">
          Todo lo que necesitas para vender online
        </h2>
        <ul className="mt-10 grid gap-8 sm:grid-cols-3">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="text-center">
              <span
                className="mx-auto grid size-14 place-items-center rounded-2xl bg-card text-accent shadow-sm"
                aria-hidden="true"
              >
                <Icon className="size-7" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mx-auto mt-2 max-w-xs text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
