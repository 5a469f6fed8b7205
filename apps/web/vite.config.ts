import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import type { Plugin, Rolldown } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { documentTemplate } from './src/ssr/build-template'

type ChunkingContext = Parameters<Rolldown.CodeSplittingNameFunction>[1]

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url))
const storefrontRoute = (page: string) => src(`features/storefront/routes/${page}.tsx`)
const storefrontLayout = storefrontRoute('storefront-layout')
/** The storefront pages, each with its own code in a chunk (the area's chunk has the rest). */
const storefrontPages = {
  'storefront-home': 'storefront-home',
  products: 'storefront-list',
  'product-detail': 'storefront-product',
}
const landingRoutes = [
  src('features/platform/routes/platform-layout.tsx'),
  src('features/platform/routes/landing.tsx'),
]

const LUCIDE_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/

/** Icon name → icon module, from lucide's barrel (`export { default as Menu, … } from './icons/menu.mjs'`). */
function lucideIcons(barrel: string, ctx: ChunkingContext): Map<string, string> {
  const icons = new Map<string, string>()
  const code = ctx.getModuleInfo(barrel)?.code ?? ''
  for (const [, names, file] of code.matchAll(
    /export \{([^}]*)\} from ['"](\.\/icons\/[^'"]+)['"]/g,
  )) {
    const id = fileURLToPath(new URL(file!, `file://${barrel}`))
    for (const name of names!.matchAll(/default as (\w+)/g)) icons.set(name[1]!, id)
  }
  return icons
}

/**
 * Modules statically reachable from `roots` (lazy imports are where a page's code stops). Through
 * lucide's barrel only the icons a module names are followed, not all 1,600 of them.
 */
function staticClosure(roots: string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const stack = [...roots]
  let icons: Map<string, string> | undefined
  while (stack.length) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    const info = ctx.getModuleInfo(id)
    for (const imported of info?.importedIds ?? []) {
      if (!LUCIDE_BARREL.test(imported)) {
        stack.push(imported)
        continue
      }
      icons ??= lucideIcons(imported, ctx)
      for (const [, names] of (info?.code ?? '').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g,
      )) {
        for (const name of names!.split(',')) {
          const icon = icons.get(name.trim().split(/\s+as\s+/)[0]!)
          if (icon) stack.push(icon)
        }
      }
    }
  }
  return seen
}

/**
 * A first visit in a few script requests, not thirty (on a phone each request costs a round trip,
 * and HTTP/1.1 has six connections): the entry; `app`, everything the entry needs; and the code
 * of the visited area — `storefront` (the layout and what the storefront pages share) or
 * `platform` (the platform layout and the landing page) — with what both areas share in
 * `shared`, but for the carousels (`carousel`, a group of its own: the product list has none).
 * Each storefront page's own code (the home's product rows, the list's filters and pagination,
 * the product's variant picker and gallery) is a chunk of its own, `storefront-home`,
 * `storefront-list` and `storefront-product`: a visit downloads its page's (issue 21 §3's
 * 160 KB), and the app asks for another page's code when a link to it is pointed at, touched or
 * focused (ssr/hydrate.tsx), before the tap. Code used elsewhere too (an icon the owner area also
 * shows) stays in its area's chunk; other lazy routes import it from there.
 */
function firstLoadChunks(): Rolldown.CodeSplittingNameFunction {
  let groups: Map<string, string> | null = null
  return (id, ctx) => {
    groups ??= (() => {
      const result = new Map<string, string>()
      // The entry's own modules are left to the bundler: naming them would also pull in every
      // module of the barrels it imports from (radix-ui, contracts), used or not.
      const entry = staticClosure([src('main.tsx')], ctx)
      const layout = staticClosure([storefrontLayout], ctx)
      const pages = Object.entries(storefrontPages).map(
        ([page, chunk]) => [chunk, staticClosure([storefrontRoute(page)], ctx)] as const,
      )
      const storefront = new Set([...layout, ...pages.flatMap(([, closure]) => [...closure])])
      const platform = staticClosure(landingRoutes, ctx)
      /** The one page whose code this is, or null (the layout's, or shared by pages). */
      const pageOnly = (module: string) => {
        if (layout.has(module)) return null
        const owners = pages.filter(([, closure]) => closure.has(module))
        return owners.length === 1 ? owners[0]![0] : null
      }
      for (const module of new Set([...storefront, ...platform])) {
        if (entry.has(module)) continue
        if (storefront.has(module) && platform.has(module)) result.set(module, 'shared')
        else if (storefront.has(module)) result.set(module, pageOnly(module) ?? 'storefront')
        else result.set(module, 'platform')
      }
      return result
    })()
    return groups.get(id) ?? null
  }
}

/** The chunks named above whose code a public page runs when it hydrates. */
const FIRST_USE_CHUNKS = new Set([
  ...Object.values(storefrontPages),
  'storefront',
  'platform',
  'shared',
  'carousel',
])

/** The chunks a public page loads first: the entry, the chunks above and what they import. */
function firstLoad(bundle: Rolldown.OutputBundle): Set<Rolldown.OutputChunk> {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk',
  )
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const stack = chunks.filter((chunk) => chunk.isEntry || FIRST_USE_CHUNKS.has(chunk.name))
  const found = new Set<Rolldown.OutputChunk>()
  for (let chunk = stack.pop(); chunk; chunk = stack.pop()) {
    if (found.has(chunk)) continue
    found.add(chunk)
    for (const file of chunk.imports) stack.push(byFile.get(file)!)
  }
  return found
}

/**
 * Chromium's explicit compile hint (`//# allFunctionsCalledOnLoad`, v8.dev/blog/explicit-compile-hints)
 * on the chunks a server-rendered public page hydrates with (`firstLoad`). V8 otherwise compiles
 * each function at its first call, and a page's first use — the hydration, React's reconciler and
 * the app running for the first time — spent ~40 % of its main-thread time compiling (a trace of
 * the storefront home at 4×: 85 of 224 ms). With the hint the whole file is compiled as it
 * downloads, off the main thread (ADR 021). Not on the owner's screens' chunks nor large
 * libraries used in part (the password dictionary, zod). Added after minification, which would
 * drop the comment.
 */
function compileHints(): Plugin {
  return {
    name: 'vitrina:compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of firstLoad(bundle))
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
    },
  }
}

const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/]/
/** docs/architecture.md: the contracts files a public page's first load may include. */
const PUBLIC_CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/](.+\.public|(.+[\\/])?index)\.ts$/

/**
 * The build fails when a contracts file not named `*.public.ts` reaches a public page's first load
 * (docs/architecture.md, "What a first visit downloads"): such a file is there by a mistake —
 * an import from a storefront component of a text or helper meant for later screens, or of one
 * that imports zod — and the fix is to import a public file or, after weighing its size, to name
 * the file public.
 */
function publicContracts(): Plugin {
  return {
    name: 'vitrina:public-contracts',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found: string[] = []
      for (const chunk of firstLoad(bundle)) {
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (!CONTRACTS_SOURCE.test(id) || PUBLIC_CONTRACTS.test(id)) continue
          if (module.renderedLength > 0)
            found.push(`${id.split(CONTRACTS_SOURCE)[1]} (${chunk.name})`)
        }
      }
      if (found.length)
        this.error(
          `contracts files not named *.public.ts in a public page's first load: ${found.join(', ')}`,
        )
    },
  }
}

/**
 * Every lucide icon is made by the app's lighter `createLucideIcon` (src/components/ui/lucide-icon.ts,
 * docs/decisions/041): the package's icon modules import `../createLucideIcon.mjs`, and this
 * resolves that one import to the app's module, in the browser's and the server's builds alike (the
 * server renders the same markup the browser hydrates). The component tests and `vite` in
 * development run the package's own component, which draws the same document
 * (`components/ui/__tests__/lucide-icon.test.tsx`).
 */
const LIGHT_ICON = src('components/ui/lucide-icon.ts')
const LUCIDE_ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/
function lightIcons(): Plugin {
  return {
    name: 'vitrina:light-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      // Only the icons' imports of the package's own code (`icons/index.mjs` re-exports icons).
      if (!importer || !LUCIDE_ICON_MODULE.test(importer) || !source.startsWith('../')) return null
      if (source === '../createLucideIcon.mjs') return LIGHT_ICON
      // A new lucide-react that builds its icons another way: fail rather than ship its heavier icons.
      this.error(`${importer} imports ${source}: lightIcons expects only ../createLucideIcon.mjs`)
    },
  }
}

/**
 * The server's render (ADR 017): `vite build --ssr src/ssr/entry-server.tsx` writes one self-contained
 * ES module tree to `dist-ssr/` (beside `dist/`, so it is never served as a static file), with
 * React's server renderer (`react-dom/server`) bundled in.
 */
const serverBuild = defineConfig({
  plugins: [lightIcons(), react()],
  // React and react-dom choose their development or production build at run time by
  // NODE_ENV; a server started without it (`node apps/api/dist/server.js`) would render with the
  // development build, several times slower. The server entry is built for production only.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  publicDir: false,
  build: { target: 'node20', outDir: 'dist-ssr', sourcemap: false, minify: false },
})

/**
 * The storefronts' service worker (ADR 026): `vite build --mode sw` writes one classic script,
 * `dist-sw/sw.js` (beside `dist/`, never served as a file: the API serves it as `/sw.js` with the
 * build's shell and version before it).
 */
const workerBuild = defineConfig({
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist-sw',
    emptyOutDir: true,
    sourcemap: false,
    lib: {
      entry: src('sw/service-worker.ts'),
      formats: ['iife'],
      name: 'vitrinaServiceWorker',
      fileName: () => 'sw.js',
    },
  },
})

/**
 * React Router's navigation engine (`createBrowserRouter`) as a module of its own: the package's
 * production build entry, beside the entry every other import resolves to. The bundler never
 * splits a module between chunks, so through the package's one entry the engine would sit in the
 * first load with the components and hooks that a server-rendered page hydrates with; through
 * this one it sits in app/app-router.ts's chunk, loaded at the first navigation
 * (ssr/hydration-router.ts; issue 42 §4). The engine shares no module state with the components:
 * they meet only through the router object it returns.
 */
const ROUTER_ENGINE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

const browserBuild = defineConfig({
  plugins: [
    lightIcons(),
    react(),
    tailwindcss(),
    compileHints(),
    documentTemplate(),
    publicContracts(),
  ],
  resolve: { alias: { 'react-router-engine': ROUTER_ENGINE } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No polyfill in every entry: a browser without <link rel="modulepreload"> (Safari before
    // 17) only loses the early download of a page's chunks, nothing breaks. Preload links for
    // the pages the browser renders (the HTML's), none for a dynamic import: the helper adds one
    // <link> per dependency to the head, and on a server-rendered page — whose route modules are
    // imported at idle, when their dependencies are mostly in already — that DOM work was ~50 ms
    // of a 4× phone's main thread at load (bench/notes.md). A link's page code is fetched when
    // it is pointed at (ssr/hydrate.tsx), so a navigation does not wait for the chunks' chain.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_url, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Without this group every form helper shared by two lazy routes becomes its own
              // sub-kilobyte chunk. Icons are deliberately not grouped: one group would put
              // every icon used anywhere (owner area included) into every page's first load.
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/,
              // Only these packages: by default a group also takes their dependencies (React),
              // which would make every page's entry import the forms chunk.
              includeDependenciesRecursively: false,
            },
            {
              // The contracts' files a public page may load first (`*.public.ts`: texts, limits,
              // catalogues and zod-free helpers) are used a little by every page: one small chunk
              // instead of one per file. Any other contracts file travels with the screens that
              // import it (`publicContracts`, above, fails the build if a public page's first load
              // would take one). The platform's FAQ and business categories are public (the
              // landing shows them) but stay in the platform's chunks, not every storefront's.
              name: 'contracts',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/](?!catalogue[\\/](faq|business-categories)\.).+\.public\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The carousel component (the landing, the storefront home, a product's gallery):
              // pages without one, like the product list, do not download it.
              name: 'carousel',
              test: /[\\/]src[\\/]components[\\/]ui[\\/]carousel\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              // The UI runtime every page and lazy route needs, as one file: React and the icons'
              // maker.
              name: 'runtime',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]components[\\/]ui[\\/]lucide-icon\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: firstLoadChunks(),
              debugName: 'first-load',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})

export default defineConfig((env) =>
  env.isSsrBuild ? serverBuild : env.mode === 'sw' ? workerBuild : browserBuild,
)
