/**
 * Accent- and case-insensitive search (SPEC §2.6, §2.7). The API stores a column normalised with
 * this function and normalises each query the same way, so 'Café' finds 'cafe' and vice versa.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}
