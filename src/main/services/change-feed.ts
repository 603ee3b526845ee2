import type { ChangedResource } from '../../shared/resources';

/**
 * Told by a service once its write is committed: which resource changed (and which one, when
 * the change is to one). The `/v1/stream` feed forwards exactly this; it never guesses.
 */
export type PublishChange = (resource: ChangedResource, id?: string) => void;
