import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API (apps/api) serves /api and uploaded or demo photos under /media on port 3000. In development and in
// `vite preview` the SPA is served by Vite, so both prefixes are proxied there; in production the API serves dist/.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/media': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are never public (SPEC §9, ADR 013): none are generated, and the server 404s any *.map.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Production hardening (SPEC §9, ADR 013): Oxc's minifier drops every console.* call from the bundle.
        // Failures that matter are still reported to the server as security events (DESIGN §7).
        minify: { compress: { dropConsole: true, dropDebugger: true }, mangle: true },
        // Fewer files for a phone on a slow network, where every request costs a round trip (issue #9): everything
        // the entry loads statically (React, the router, the query cache, the layout and the home page) is one file.
        // bundle-budget.test.ts checks the result. Not used: Rolldown's experimentalInlineCommonChunks, which copies
        // small shared modules into each lazy chunk — a module with state (a React context, a store) then exists
        // twice, and the map no longer saw the list's hovered card (e2e map-search 'hovering…').
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
