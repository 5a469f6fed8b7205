/**
 * Issue 41 §2: the owner's price inputs (product, variant, "Aplicar a todas", bulk amount) are
 * text read by the contracts' one rule, `parsePriceInput` (docs/decisions/031-price-input.md):
 * `1290,50`, `1.290,50` and `1290.50` are the same price; leaving the input shows it back the
 * Uruguayan way (`1.290,50`). Text the rule refuses is left as typed, for its message.
 */
import { formatPriceInput, fromCents, parsePriceInput } from '@vitrina/contracts'

export function tidyPriceText(text: string): string {
  if (text.trim() === '') return text
  const parsed = parsePriceInput(text)
  return parsed.ok ? formatPriceInput(fromCents(parsed.cents)) : text
}
