import { useEffect, useState } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

/** Whether the OS asks for a dark theme, following changes while the page is open. */
export function usePrefersDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia(QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(QUERY);
    const on = () => setDark(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return dark;
}
