/**
 * Saves a blob as a file on the owner's device through a temporary link (the orders' and the
 * catalogue's exports, the insights' CSV).
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
