import type { ReactNode } from 'react'
import { PageHeader } from '../../../components/page-header'
import { useDocumentTitle } from '../../../hooks/use-document-title'

export interface LegalSection {
  title: string
  body: ReactNode
}

/** Shared frame of /terminos, /privacidad and /cookies. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string
  updated: string
  intro: ReactNode
  sections: readonly LegalSection[]
}) {
  useDocumentTitle(title)
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title={title}
        description={`Última actualización: ${updated}`}
        width="narrow"
      />
      <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed sm:px-6">
        <div className="text-muted-foreground">{intro}</div>
        {sections.map((section, index) => (
          <section key={section.title} className="mt-8">
            <h2 className="text-xl font-semibold">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 grid gap-3 text-muted-foreground [&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5">
              {section.body}
            </div>
          </section>
        ))}
      </article>
    </>
  )
}
