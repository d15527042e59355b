/**
 * The API reference page at /api/docs: Swagger UI served from the swagger-ui-dist package (no CDN, so it works
 * offline and under a strict Content-Security-Policy: no inline script).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Hono } from 'hono';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Abode API reference</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

export const docsRoutes = new Hono()
  .get('/', (c) => c.html(PAGE))
  .get('/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
  .get('/:asset', async (c) => {
    const name = c.req.param('asset');
    const type = ASSETS.get(name);
    if (!type) return c.notFound();
    const body = await fs.promises.readFile(path.join(swaggerDir, name));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
