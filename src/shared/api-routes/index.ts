// Every REST v1 route and SSE stream the service serves, once. The server's routes are checked
// against this table (tests/unit/api-routes.test.ts); the OpenAPI document and the client use it.
import { accountRoutes } from './account';
import { clockRoutes } from './clock';
import { componentRoutes } from './components';
import { dataStoreRoutes } from './data-stores';
import { envRoutes } from './env';
import { flowRoutes } from './flow';
import { projectRoutes } from './projects';
import { searchRoutes } from './search';
import { sourceRoutes } from './sources';
import { streamRoutes, webhookRoutes } from './streams';
import { workflowRoutes } from './workflows';

export const apiRoutes = {
  ...sourceRoutes,
  ...workflowRoutes,
  ...componentRoutes,
  ...accountRoutes,
  ...dataStoreRoutes,
  ...envRoutes,
  ...projectRoutes,
  ...clockRoutes,
  ...streamRoutes,
  ...webhookRoutes,
  ...flowRoutes,
  ...searchRoutes,
};

export type ApiRoutes = typeof apiRoutes;
export type OperationId = keyof ApiRoutes;
