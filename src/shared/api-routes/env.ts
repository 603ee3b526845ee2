// REST v1 routes of project environment variables (docs/api.md "Environment variables").
import { z } from 'zod';
import { envVar, putEnvVarBody } from '../env-vars-api';
import { one, route } from '../route-def';

export const envRoutes = {
  listEnvVars: route({ method: 'get', path: '/v1/env', summary: 'Project environment variables (secret values masked)', response: one(z.array(envVar)) }),
  putEnvVar: route({ method: 'put', path: '/v1/env/{name}', summary: 'Set a variable (created or replaced)', body: putEnvVarBody, response: one(envVar) }),
  deleteEnvVar: route({
    method: 'delete',
    path: '/v1/env/{name}',
    summary: 'Remove a variable',
    response: one(z.object({ name: z.string(), deleted: z.literal(true) })),
  }),
};
