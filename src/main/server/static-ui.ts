import { RunnelError } from '../../shared/errors';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Serves the built renderer; unknown paths get index.html so deep links work. */
export function staticUi(uiDir: string | undefined) {
  return async (c: Context): Promise<Response> => {
    if (!uiDir) return c.text('Runnel is running. The web UI was not built (run `npm run build`).', 200);
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      throw new RunnelError('bad_request', 'The path is not valid percent-encoding');
    }
    const rel = normalize(path).replace(/^([/\\])+/, '');
    let file = join(uiDir, rel);
    if (!file.startsWith(uiDir + sep) || !(await isFile(file))) file = join(uiDir, 'index.html');
    if (!(await isFile(file))) return c.text('Runnel is running. The web UI was not built (run `npm run build`).', 200);
    return c.body(await readFile(file), 200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    });
  };
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}
