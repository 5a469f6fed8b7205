import { useCallback, useState } from 'react'

/**
 * Open state of a dialog, drawer or menu whose code is lazy: `hasOpened` turns true on the first
 * `open()` and stays so, so the panel mounts (and downloads) only once someone opens it, and
 * keeps its closing animation afterwards. `open` is stable.
 */
export function useLazyPanel() {
  const [isOpen, setOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState(false)
  const open = useCallback(() => {
    setHasOpened(true)
    setOpen(true)
  }, [])
  return { isOpen, hasOpened, open, setOpen }
}
