// RequireAuth is imported from './require-auth' by the screens that need it (all lazy): re-exported
// here, it would come with every storefront's first visit (the app's entry imports this file).
export { SessionProvider, useSession } from './session-provider'
export type { Session } from './session-provider'
export { SIGNED_OUT, createSessionStore } from './session-store'
export type { SessionBusiness, SessionState, SessionStore } from './session-store'
