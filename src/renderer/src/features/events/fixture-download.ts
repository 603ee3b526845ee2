import type { SseEmitFrame } from '../../../../shared/resources';
import { buildFixture, fixtureFileName } from './event-logic';

/** Saves an event as `<emitter>-<event id>.json` through the browser's download. */
export function downloadFixture(emitterId: string, frame: SseEmitFrame): void {
  const blob = new Blob([JSON.stringify(buildFixture(emitterId, frame), null, 2) + '\n'], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fixtureFileName(emitterId, frame.id);
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has started the download; the URL can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
