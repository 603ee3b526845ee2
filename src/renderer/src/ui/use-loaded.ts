import { useEffect, useState, type DependencyList } from 'react';
import { messageOf } from '../api/client';

/**
 * What `load()` resolved to, read again whenever `deps` change; an answer that arrives after
 * the deps moved on (or the component went) is dropped. `value` keeps the last good answer.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): { value: T | null; error: string | null } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (v) => {
        if (!live) return;
        setValue(v);
        setError(null);
      },
      (err) => live && setError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, deps);
  return { value, error };
}
