/**
 * Escaping for JSON inside an HTML page's inline `<script>` (JSON-LD, a server-rendered page's
 * state), where owner-supplied text lands.
 */

/**
 * JSON for an inline `<script type="application/…json">` block. `<` becomes \u003c so no owner
 * text can close the script (`</script>`) or open a comment (`<!--`); `>` and `&` likewise for
 * good measure, and U+2028/U+2029, which some parsers treat as line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
