/**
 * A text cell that a spreadsheet would run as a formula — starting with = + - @, a tab or a
 * carriage return (OWASP "CSV injection") — is written with an apostrophe in front, which
 * spreadsheets read as "this is text". Issue 40 §5: the product CSV (catalogue-io) uses this, and
 * reads it back with `restoreFormulaText`, so an export imported back changes nothing; the orders
 * CSV writes every cell through it too (modules/orders/csv.ts).
 *
 * For the round trip to be exact, text that already starts with apostrophes before such a
 * character gets one more, and reading drops exactly one: `=1+1` ↔ `'=1+1`, `'=1` ↔ `''=1`.
 */
const NEEDS_PREFIX = /^'*[=+\-@\t\r]/
const PREFIXED = /^'+[=+\-@\t\r]/

export function neutraliseFormula(text: string): string {
  return NEEDS_PREFIX.test(text) ? `'${text}` : text
}

/**
 * For cells that are never run (XLSX text cells): only text that `restoreFormulaText` would
 * change gets the extra apostrophe, so `'=1` comes back as `'=1` and `=1` stays `=1`.
 */
export function keepApostrophes(text: string): string {
  return PREFIXED.test(text) ? `'${text}` : text
}

/** The cell's text as it was before `neutraliseFormula` or `keepApostrophes`. */
export function restoreFormulaText(text: string): string {
  return PREFIXED.test(text) ? text.slice(1) : text
}
