import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/client';
import { appendAnswer, fetchOptions, nextRequest, type RemoteOptions } from './remote-options';

/** A prop's async options: the first page on mount, then `loadMore()` and `search(q)`. */
export function useRemoteOptions(componentId: string, prop: string, configured: Record<string, unknown>) {
  const [state, setState] = useState<RemoteOptions | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const configuredRef = useRef(configured);
  configuredRef.current = configured;
  const seq = useRef(0);

  const load = useCallback(
    async (prev: RemoteOptions | null, query: string) => {
      const my = ++seq.current;
      setLoading(true);
      setError(null);
      try {
        const answer = await fetchOptions(componentId, prop, nextRequest(prev, configuredRef.current, query));
        if (my === seq.current) setState(appendAnswer(prev, answer, query));
      } catch (err) {
        if (my === seq.current) setError(messageOf(err));
      } finally {
        if (my === seq.current) setLoading(false);
      }
    },
    [componentId, prop],
  );

  useEffect(() => {
    void load(null, '');
  }, [load]);

  return {
    state,
    loading,
    error,
    loadMore: () => void load(state, state?.query ?? ''),
    search: (q: string) => void load(null, q),
    reload: () => void load(null, state?.query ?? ''),
  };
}
