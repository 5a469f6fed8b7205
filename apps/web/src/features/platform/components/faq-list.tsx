import type { FaqEntry } from '@vitrina/contracts'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../components/ui/accordion'

/** Accessible FAQ: buttons that expand and collapse each answer (Radix accordion). */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <Accordion type="multiple" className="rounded-2xl border border-border bg-card px-5 sm:px-6">
      {entries.map((entry) => (
        <AccordionItem key={entry.question} value={entry.question}>
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent>{entry.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}
