/**
 * React Router's navigation engine as a module of its own (vite.config.ts `ROUTER_ENGINE`): the
 * same package and version, imported from its production build's own entry file, so the bundler
 * keeps `createBrowserRouter` out of the chunk that holds React Router's components and hooks
 * (a module is never split between chunks). Only app/app-router.ts imports it.
 */
declare module 'react-router-engine' {
  export { createBrowserRouter } from 'react-router'
}
