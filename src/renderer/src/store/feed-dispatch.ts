import type { FeedFrame } from '../../../shared/resources';
import { client, onAuthFailure } from '../api/client';
import { connectFeed } from '../api/feed';
import { logBus } from '../api/log-bus';
import type { AppStore } from './index';

/** Routes one frame of the account stream to the slice (or, for log lines, the terminals) it concerns. */
export function dispatchFrame(store: AppStore, f: FeedFrame): void {
  const s = store.getState();
  switch (f.type) {
    case 'emit':
      s.addLiveEvent(f.emitter_id, f.frame);
      s.noteEvent(f.emitter_id, f.frame.ts);
      break;
    case 'log':
      logBus.publish(f.source_id, f.line);
      break;
    case 'run':
      s.upsertRun(f.run);
      break;
    case 'change':
      void s.refresh(f.resource);
      if (f.resource === 'sources') void s.refresh('subscriptions');
      if (f.resource === 'components') void s.refresh('registry');
      if (f.resource === 'data_stores') s.dataStoreChanged(f.id);
      // Which sources and workflow steps use a store is part of the store (`used_by`).
      if (f.resource === 'sources' || f.resource === 'workflows') void s.refresh('data_stores');
      break;
    case 'activity':
      s.addActivity({ ts: f.ts, line: f.line });
      break;
  }
}

/**
 * The one place the page subscribes to server pushes. Lists are re-read on every (re)connect.
 * It asks first whether the page is signed in: a signed-out page calls nothing that would be
 * refused, and shows how to sign in.
 */
export function startFeed(store: AppStore): () => void {
  const offAuth = onAuthFailure(() => store.getState().setSignedOut());
  let close = () => {};
  let stopped = false;
  const start = () => {
    if (stopped) return;
    void store.getState().refreshAll();
    close = connectFeed(
      (f) => dispatchFrame(store, f),
      (status) => {
        const was = store.getState().feed;
        store.getState().setFeed(status);
        // Frames sent before the stream opened (or while it was down) were missed: read again.
        if (status === 'live' && was !== 'live') void store.getState().refreshAll();
        // A refused stream looks like any network error to EventSource: a read tells them apart.
        if (status === 'down') void store.getState().refresh('api-key');
      },
    );
  };
  client.data('session', {}).then(
    (s) => (s.signed_in ? start() : store.getState().setSignedOut()),
    // The service did not answer: start anyway, the lists say what is wrong and the feed retries.
    start,
  );
  return () => {
    stopped = true;
    close();
    offAuth();
  };
}
