/**
 * Text for an XML 1.0 document (the product feeds, the sitemap, the demo images' SVG): markup characters escaped,
 * and what XML cannot carry at all dropped — C0 controls other than tab, newline and carriage
 * return, U+FFFE/U+FFFF and lone surrogates (a parser refuses the whole file for one of them).
 * Element text and attribute values alike (quotes are escaped too).
 */
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Characters outside XML 1.0's `Char` production (a surrogate only when it is unpaired). */
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export function escapeXmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)
}
