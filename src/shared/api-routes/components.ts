// REST v1 routes of saved components, the registry, props and the package cache.
import { z } from 'zod';
import { createComponentBody, listQuery, propOptionsBody, refreshPackagesBody, reloadPropsBody, updateComponentBody } from '../api';
import { configurableProp, registryEntry, savedComponent } from '../resource-schemas';
import { deleted, one, page, route } from '../route-def';

const sourceMove = z.union([
  z.object({ id: z.string(), updated: z.literal(true) }),
  z.object({ id: z.string(), updated: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);

export const componentRoutes = {
  listComponents: route({ method: 'get', path: '/v1/users/me/components', summary: 'List saved components', query: listQuery, response: page(savedComponent) }),
  createComponent: route({ method: 'post', path: '/v1/components', summary: 'Save a component', body: createComponentBody, response: one(savedComponent), errors: [422] }),
  getComponent: route({ method: 'get', path: '/v1/components/{idOrKey}', summary: 'One saved component, by id or registry key', response: one(savedComponent) }),
  updateComponent: route({
    method: 'put',
    path: '/v1/components/{id}',
    summary: 'New code for a component; its sources move to it in place',
    body: updateComponentBody,
    response: one(z.object({ component: savedComponent, sources: z.array(sourceMove) })),
    errors: [422],
  }),
  deleteComponent: route({ method: 'delete', path: '/v1/components/{id}', summary: 'Delete a component nothing uses', response: deleted }),
  reloadProps: route({
    method: 'post',
    path: '/v1/components/{idOrKey}/props/reload',
    summary: 'The full prop set for these configured props (additionalProps)',
    body: reloadPropsBody,
    response: one(z.object({ configurable_props: z.array(configurableProp) })),
    errors: [422],
  }),
  propOptions: route({
    method: 'post',
    path: '/v1/components/{idOrKey}/props/{prop}/options',
    summary: "A prop's options (its options() method)",
    body: propOptionsBody,
    response: one(z.object({ options: z.array(z.unknown()), context: z.unknown() })),
    errors: [422],
  }),
  listRegistry: route({ method: 'get', path: '/v1/components/registry', summary: 'The component registry', response: one(z.array(registryEntry)) }),
  getRegistryEntry: route({ method: 'get', path: '/v1/components/registry/{key}', summary: 'One registry component', response: one(registryEntry) }),
  publishComponent: route({ method: 'post', path: '/v1/components/registry', summary: 'Publish a component to the registry', body: createComponentBody, response: one(registryEntry), errors: [422] }),
  unpublishComponent: route({
    method: 'delete',
    path: '/v1/components/registry/{key}',
    summary: 'Unpublish every version of a registry key',
    response: one(z.object({ key: z.string(), deleted: z.literal(true), versions: z.array(z.string()) })),
  }),
  packages: route({
    method: 'get',
    path: '/v1/packages',
    summary: 'The npm package cache',
    response: one(
      z.object({
        resolved: z.record(z.string(), z.string()),
        sets: z.array(z.array(z.string())),
        activity: z.array(z.object({ ts: z.number(), line: z.string() })),
      }),
    ),
  }),
  refreshPackages: route({
    method: 'post',
    path: '/v1/packages/refresh',
    summary: 'Re-resolve cached packages (one, or all)',
    body: refreshPackagesBody,
    response: one(z.object({ refreshed: z.array(z.string()) })),
  }),
};
