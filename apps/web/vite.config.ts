import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API (apps/api) serves /api and uploaded or demo photos under /media on port 3000. In development and in
// `vite preview` the SPA is served by Vite, so both prefixes are proxied there; in production the API serves dist/.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/media': { target: apiTarget, changeOrigin: false },
};

/** The route modules of the pages a visitor lands on from a search engine or a shared link. */
const LANDING_ROUTES = {
  search: /[\\/]src[\\/]app[\\/]routes[\\/]search\.tsx$/,
  property: /[\\/]src[\\/]app[\\/]routes[\\/]property\.tsx$/,
};

const RADIX_BARREL = /[\\/]node_modules[\\/]radix-ui[\\/]/;

/**
 * The chunk of a module the search page or the listing page needs at once (the page itself and what it imports
 * statically): 'listing-pages' when both need it, 'search-page' or 'property-page' when one does; every other
 * module is left to automatic chunking. Without these groups each of those pages loaded 24–28 small shared chunks,
 * and a phone on HTTP/1.1 fetches only six at a time: four or five round trips before the page could render
 * (REQ-PERF-05, Lighthouse LCP).
 */
function landingPagesChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const reached = (route: RegExp): boolean => {
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length) {
      const moduleId = stack.pop()!;
      if (route.test(moduleId)) return true;
      // The radix-ui barrel imports every Radix package: a page that uses one of them does not need the others.
      if (seen.has(moduleId) || RADIX_BARREL.test(moduleId)) continue;
      seen.add(moduleId);
      stack.push(...(ctx.getModuleInfo(moduleId)?.importers ?? []));
    }
    return false;
  };
  const search = reached(LANDING_ROUTES.search);
  const property = reached(LANDING_ROUTES.property);
  if (search && property) return 'listing-pages';
  if (search) return 'search-page';
  if (property) return 'property-page';
  return null;
}

/** The portals' layouts and pages (REQ-PERF-06). */
const PORTAL_ROUTE =
  /[\\/]src[\\/](app[\\/]routes[\\/](agent|admin)[\\/][\w-]+|components[\\/]layouts[\\/](agent|admin)-layout)\.tsx$/;
const PORTAL_LAYOUT = /[\\/]src[\\/]components[\\/]layouts[\\/](agent|admin)-layout\.tsx$/;
/** The app's shared layers (STYLE §1): UI components, lib, config, and the shared package. */
const SHARED_LAYER =
  /([\\/]apps[\\/]web[\\/]src[\\/](components|lib|config)[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/])/;
/**
 * Portal pages (of 23) that must share a module for it to join 'portal'. Fewer, and it is a few pages' business:
 * at 5 the enquiry schemas joined, and with them the listing page's chunk, for every admin page.
 */
const PORTAL_SHARED_BY = 6;

/**
 * 'portal' for a module of the app's shared layers that a portal layout needs, or that six or more portal pages need
 * at once (the stat card, skeletons, empty states, page links, URL filters, the confirm dialog…), and that no landing
 * page has taken: one file instead of a dozen small ones for a phone opening a portal page, which fetches six at a
 * time (REQ-PERF-05, Lighthouse LCP: the portal pages' files went from 15–28 to 8–18, their bytes unchanged). What
 * fewer pages need stays with them, so a dashboard does not download the listing form's schemas.
 */
function portalChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  // The layouts themselves stay lazy chunks of their own: an admin page must not load the agent portal's.
  if (!SHARED_LAYER.test(id) || PORTAL_ROUTE.test(id)) return null;
  const pages = new Set<string>();
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const moduleId = stack.pop()!;
    if (seen.has(moduleId) || RADIX_BARREL.test(moduleId)) continue;
    seen.add(moduleId);
    if (PORTAL_LAYOUT.test(moduleId)) return 'portal';
    if (PORTAL_ROUTE.test(moduleId)) pages.add(moduleId);
    stack.push(...(ctx.getModuleInfo(moduleId)?.importers ?? []));
  }
  return pages.size >= PORTAL_SHARED_BY ? 'portal' : null;
}

/**
 * The portal pages one lands on (after signing in, from a bookmark, from the sidebar of another tab), by URL path:
 * the portal's layout and the page's route module (REQ-PERF-06).
 */
const PORTAL_LANDING_PAGES: Record<string, [layout: RegExp, route: RegExp]> = Object.fromEntries(
  (
    [
      ['agent', 'dashboard'],
      ['agent', 'properties'],
      ['agent', 'enquiries'],
      ['admin', 'dashboard'],
      ['admin', 'properties'],
      ['admin', 'users'],
    ] as const
  ).map(([portal, page]) => [
    `/${portal}/${page}`,
    [
      new RegExp(`[\\\\/]src[\\\\/]components[\\\\/]layouts[\\\\/]${portal}-layout\\.tsx$`),
      new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]routes[\\\\/]${portal}[\\\\/]${page}\\.tsx$`),
    ],
  ]),
);

/** File the server reads to name a landing page's scripts in index.html (apps/api/src/lib/landing-hints.ts). */
const LANDING_FILES = 'landing-files.json';

/**
 * Writes `landing-files.json`: for the search page and the listing page, the URLs of the scripts their route needs
 * at once besides the entry's (`{ "search": ["/assets/…js", …], "property": […] }`). The server names them in the
 * page's index.html (`<link rel="modulepreload">`), so a phone downloads them with the entry instead of after it has
 * run (REQ-PERF-05, Lighthouse LCP).
 */
function landingFiles(): Plugin {
  return {
    name: 'abode:landing-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (roots: Rolldown.OutputChunk[]): Set<string> => {
        const files = new Set<string>();
        const stack = roots.map((chunk) => chunk.fileName);
        while (stack.length) {
          const file = stack.pop()!;
          if (files.has(file)) continue;
          files.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return files;
      };
      const initial = withImports(chunks.filter((chunk) => chunk.isEntry));
      const chunkOf = (what: string, module: RegExp): Rolldown.OutputChunk => {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
        if (!chunk) throw new Error(`${LANDING_FILES}: no chunk holds the ${what}`);
        return chunk;
      };
      const filesOf = (roots: Rolldown.OutputChunk[]) =>
        [...withImports(roots)].filter((file) => !initial.has(file)).map((file) => `/${file}`);
      const pages: Record<string, unknown> = {};
      for (const [page, route] of Object.entries(LANDING_ROUTES))
        pages[page] = filesOf([chunkOf(`${page} route`, route)]);
      // REQ-PERF-06: a portal page's layout and page scripts, keyed by its URL path.
      pages.portal = Object.fromEntries(
        Object.entries(PORTAL_LANDING_PAGES).map(([url, [layout, route]]) => [
          url,
          filesOf([chunkOf(`${url} layout`, layout), chunkOf(`${url} route`, route)]),
        ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: LANDING_FILES,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), landingFiles()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are never public (REQ-LISTING-03, ADR 013): none are generated, and the server 404s any *.map.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Production hardening (REQ-SEC-13, ADR 013): Oxc's minifier drops every console.* call from the bundle.
        // Failures that matter are still reported to the server as security events (REQ-SEC-08).
        minify: { compress: { dropConsole: true, dropDebugger: true }, mangle: true },
        // Fewer files for a phone on a slow network, where every request costs a round trip (REQ-PERF): everything
        // the entry loads statically (React, the router, the query cache, the layout and the home page) is one file.
        // bundle-budget.test.ts checks the result. Not used: Rolldown's experimentalInlineCommonChunks, which copies
        // small shared modules into each lazy chunk — a module with state (a React context, a store) then exists
        // twice, and the map no longer saw the list's hovered card (e2e map-search 'hovering…').
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: landingPagesChunk, debugName: 'landing-pages', priority: 2 },
            { name: portalChunk, debugName: 'portal', priority: 1 },
          ],
        },
      },
    },
  },
});
