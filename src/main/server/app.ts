import { Hono } from 'hono';
import { RunnelError } from '../../shared/errors';
import type { Logger } from '../logger';
import type { UserService } from '../services/user-service';
import type { AppAccountsService } from '../services/app-accounts-service';
import type { ClockService } from '../services/clock-service';
import type { ComponentsService } from '../services/components-service';
import type { DataStoresService } from '../services/data-stores-service';
import type { EnvService } from '../services/env-service';
import type { ProjectsService } from '../services/projects/import-service';
import type { SearchService } from '../services/search-service';
import type { RegistryService } from '../services/registry-service';
import type { SourcesService } from '../services/sources-service';
import type { StreamsService } from '../services/streams-service';
import type { SystemService } from '../services/system-service';
import type { WorkflowsService } from '../services/workflows-service';
import { getCookie, setCookie } from 'hono/cookie';
import { errorResponse } from './error-mapper';
import { SESSION_COOKIE, SESSION_TTL_MS, type Sessions } from './sessions';
import { bearerAuth, fromOwnPage, hostGuard } from './guards';
import { accountRoutes } from './routes/account';
import { componentRoutes } from './routes/components';
import { envRoutes } from './routes/env';
import { dataStoreRoutes } from './routes/data-stores';
import { sourceRoutes } from './routes/sources';
import { streamRoutes } from './routes/streams';
import { feedRoutes } from './routes/feed';
import { systemRoutes } from './routes/system';
import { workflowRoutes } from './routes/workflows';
import { clockRoutes } from './routes/clock';
import { projectRoutes } from './routes/projects';
import { searchRoutes } from './routes/search';
import { staticUi } from './static-ui';
import { openApiDocument } from '../../shared/openapi';

/** The use cases the server adapts to HTTP: one service per area. */
export interface AppServices {
  system: SystemService;
  sources: SourcesService;
  workflows: WorkflowsService;
  components: ComponentsService;
  registry: RegistryService;
  user: UserService;
  accounts: AppAccountsService;
  dataStores: DataStoresService;
  env: EnvService;
  projects: ProjectsService;
  clock: ClockService;
  streams: StreamsService;
  search: SearchService;
}

export interface AppDeps {
  logger: Logger;
  sessions: Sessions;
  allowedHosts(): Set<string>;
  uiDir?: string;
  services: AppServices;
}

/** REST v1 and SSE (key + Host) and the web UI (Host). Webhooks are served by webhooks.ts. */
export function createApp(d: AppDeps): Hono {
  const app = new Hono();
  app.onError((err, c) => errorResponse(c, err, d.logger));
  app.notFound((c) => errorResponse(c, new RunnelError('not_found', 'No such route'), d.logger));

  const guarded = new Hono();
  guarded.use('*', hostGuard(d.allowedHosts));
  const { services: s } = d;
  const auth = bearerAuth(() => s.system.apiKey(), d.sessions);
  // Before the auth guard: the page asks whether it is signed in, so a signed-out page calls
  // nothing that would be refused (and says how to sign in instead).
  guarded.get('/v1/session', (c) => {
    const signedIn = d.sessions.isSession(getCookie(c, SESSION_COOKIE)) && fromOwnPage(c.req.header('host'), c.req.header('sec-fetch-site'), c.req.header('origin'));
    return c.json({ data: { signed_in: signedIn } });
  });
  guarded.use('/v1/*', auth);
  guarded.use('/sources/*', auth);
  guarded.use('/workflows/*', auth);
  const v1 = new Hono();
  v1.route('/', feedRoutes(s.streams));
  v1.route('/', systemRoutes(s.system));
  v1.route('/', sourceRoutes(s.sources));
  v1.route('/', componentRoutes(s.components, s.registry));
  v1.route('/', accountRoutes(s.user, s.accounts));
  v1.route('/', workflowRoutes(s.workflows));
  v1.route('/', dataStoreRoutes(s.dataStores));
  v1.route('/', envRoutes(s.env));
  v1.route('/', projectRoutes(s.projects));
  v1.route('/', clockRoutes(s.clock));
  v1.route('/', searchRoutes(s.search));
  // A fresh one-time link for the web UI (`runnel open`).
  v1.post('/session-tokens', (c) => {
    const token = d.sessions.issueToken();
    return c.json({ data: { token, url: `${new URL(c.req.url).origin}/?token=${token}` } });
  });
  // The REST contract as OpenAPI 3.1, built once per address the service is reached at.
  const docs = new Map<string, Record<string, unknown>>();
  v1.get('/openapi.json', (c) => {
    const origin = new URL(c.req.url).origin;
    if (!docs.has(origin)) docs.set(origin, openApiDocument(origin));
    return c.json(docs.get(origin));
  });
  v1.all('*', () => {
    throw new RunnelError('not_found', 'No such route');
  });
  guarded.route('/v1', v1);
  guarded.route('/', streamRoutes(s.streams));
  // Unknown API-shaped paths are API errors, not the UI's index.html.
  for (const prefix of ['/sources/*', '/workflows/*']) {
    guarded.all(prefix, () => {
      throw new RunnelError('not_found', 'No such route');
    });
  }
  // The one-time link: trade its token for the session cookie, then drop it from the address bar.
  guarded.get('/', async (c, next) => {
    const token = c.req.query('token');
    if (token === undefined) return next();
    const session = d.sessions.exchange(token);
    if (!session) {
      return c.html('<!doctype html><title>Runnel</title><p>This link has been used or has expired. Run <code>runnel open</code> for a fresh one.</p>', 401);
    }
    setCookie(c, SESSION_COOKIE, session, { httpOnly: true, sameSite: 'Strict', path: '/', maxAge: Math.floor(SESSION_TTL_MS / 1000) });
    return c.redirect('/', 303);
  });
  guarded.get('*', staticUi(d.uiDir));
  app.route('/', guarded);
  return app;
}
