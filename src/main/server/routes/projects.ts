import { Hono } from 'hono';
import { importProjectBody } from '../../../shared/projects-api';
import type { ProjectsService } from '../../services/projects/import-service';
import { jsonBody } from '../json-body';

/** `/v1/projects`: import and export in the hosted service's synced project format. */
export function projectRoutes(projects: ProjectsService): Hono {
  const r = new Hono();
  r.post('/projects/import', async (c) => c.json({ data: await projects.import(await jsonBody(c, importProjectBody)) }));
  r.get('/projects/export', (c) => c.json({ data: projects.export() }));
  return r;
}
