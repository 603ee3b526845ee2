import { Hono } from 'hono';
import { searchQuery } from '../../../shared/search-api';
import type { SearchService } from '../../services/search-service';
import { query } from '../json-body';

/** REST v1 route of search across sources' events and workflows' runs. */
export function searchRoutes(search: SearchService): Hono {
  const r = new Hono();
  r.get('/search', (c) => c.json(search.search(query(c, searchQuery))));
  return r;
}
