import { describe, expect, it } from 'vitest';
import { Lifecycle } from '../../src/main/lifecycle';

describe('Lifecycle', () => {
  it('disposes parts in reverse creation order, once, and goes on past a failing one', async () => {
    const stopped: string[] = [];
    const logged: string[] = [];
    const life = new Lifecycle({ info() {}, warn() {}, error: (msg) => logged.push(msg) });
    const store = life.add('store', { name: 'store' }, (p) => void stopped.push(p.name));
    life.add('broken', {}, () => {
      throw new Error('stuck');
    });
    life.add('runtime', { name: 'runtime' }, async (p) => {
      await new Promise((r) => setTimeout(r, 5));
      stopped.push(p.name);
    });
    expect(store).toEqual({ name: 'store' });
    const first = life.dispose();
    expect(life.dispose()).toBe(first);
    await first;
    expect(stopped).toEqual(['runtime', 'store']);
    expect(logged).toEqual(['stopping broken failed']);
  });
});
