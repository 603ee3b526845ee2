import { useEffect, useRef, type ReactNode } from 'react';

/** The filter box on top of a list; `/` focuses it from anywhere on the page. */
export function FilterBar({ value, onChange, placeholder = 'Filter', children }: { value: string; onChange: (v: string) => void; placeholder?: string; children?: ReactNode }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === '/' && !(t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable))) {
        e.preventDefault();
        ref.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="filter-bar">
      <input ref={ref} type="search" value={value} placeholder={`${placeholder}  ( / )`} aria-label={placeholder} onChange={(e) => onChange(e.target.value)} />
      {children}
    </div>
  );
}
