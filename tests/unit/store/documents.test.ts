import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentStore } from '../../../src/main/store/documents';
import { tempDir } from '../../helpers/temp-dir';

describe('DocumentStore.flushed', () => {
  it('resolves once every change made before it is in the file, changes made during a save included', async () => {
    const path = join(tempDir('documents-'), 'runnel.json');
    const docs = await DocumentStore.open(path);
    // Nobody waits for these (as a part that changes a document while the service stops).
    void docs.update((d) => void (d.settings.event_retention = 1));
    void docs.update((d) => void (d.settings.event_retention = 2));
    await docs.flushed();
    expect((await DocumentStore.open(path)).data.settings.event_retention).toBe(2);
    await docs.flushed(); // nothing under way: at once
  });
});
