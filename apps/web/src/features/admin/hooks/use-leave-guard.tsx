/**
 * Issue 41 §4: leaving a form with unsaved work asks first — a reload, closing the tab or typing
 * another address (the browser's own `beforeunload` prompt), and any navigation inside the app
 * (React Router's `useBlocker`: 'Cancelar', the header's links, the back button), which opens
 * `LeaveDialog`. A save that navigates away is never blocked: `when` is read at the moment of
 * leaving, and the forms pass `false` while saving.
 */
import { LEAVE_MESSAGES } from '@vitrina/contracts'
import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import type { Blocker } from 'react-router'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'

export function useLeaveGuard(
  when: boolean,
  { beforeUnload = when }: { beforeUnload?: boolean } = {},
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!beforeUnload) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [beforeUnload])
  // A blocked navigation whose reason went away (saved meanwhile) goes on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed()
  }, [blocker, when])
  return blocker
}

export function LeaveDialog({
  blocker,
  title = LEAVE_MESSAGES.title,
  description = LEAVE_MESSAGES.description,
  leaveLabel = LEAVE_MESSAGES.leave,
}: {
  blocker: Blocker
  title?: string
  description?: string
  leaveLabel?: string
}) {
  const isBlocked = blocker.state === 'blocked'
  return (
    <Dialog
      open={isBlocked}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset()
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {LEAVE_MESSAGES.stay}
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            {leaveLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
