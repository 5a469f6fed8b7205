/**
 * Escaping for the places owner-supplied text lands in a shared page besides HTML text and
 * attributes (which use the mail module's `escapeHtml`): an inline JSON-LD script and XML.
 */

/**
 * JSON for a `<script type="application/ld+json">` block. `<` becomes \u003c so no owner text can
 * close the script (`</script>`) or open a comment (`<!--`); `>` and `&` likewise for good measure,
 * and U+2028/U+2029, which some parsers treat as line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** XML 1.0 text: escapes markup and drops the control characters XML cannot carry at all. */
export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)
  )
}
