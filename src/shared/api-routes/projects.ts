// REST v1 routes of project import and export in the hosted service's synced format (docs/migrate.md).
import { exportedProject, importProjectBody, importReport } from '../projects-api';
import { one, route } from '../route-def';

export const projectRoutes = {
  importProject: route({
    method: 'post',
    path: '/v1/projects/import',
    summary: 'Import a synced project folder (its files): workflows created or updated in place by hosted id; the report says what is left to do',
    body: importProjectBody,
    response: one(importReport),
  }),
  exportProject: route({ method: 'get', path: '/v1/projects/export', summary: "The workflows as a synced project folder's files", response: one(exportedProject) }),
};
