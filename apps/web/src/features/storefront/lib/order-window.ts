/**
 * Issue 24 §2: WhatsApp opens once the order is saved, but a window opened after the reply
 * arrives is a popup the browser blocks. On a computer a blank window is opened during the
 * click and pointed at WhatsApp when the reply arrives (or closed if the order fails). On a
 * phone (coarse pointer) nothing is opened here: a new tab that leaves for the app strands the
 * shopper, so the order page's 'Abrir WhatsApp' — a real link, tapped — opens the app.
 */
export interface OrderWindow {
  /** Points the window at `url`; false when it is gone (closed by the shopper, or blocked). */
  go(url: string): boolean
  close(): void
}

export function openOrderWindow(): OrderWindow | null {
  if (window.matchMedia?.('(pointer: coarse)').matches) return null
  let opened: Window | null = null
  try {
    opened = window.open('', '_blank')
  } catch {
    opened = null
  }
  if (!opened) return null
  const target = opened
  // The page it will show must not reach back to this one (reverse tabnabbing).
  target.opener = null
  return {
    go(url) {
      if (target.closed) return false
      target.location.href = url
      return true
    },
    close() {
      if (!target.closed) target.close()
    },
  }
}
