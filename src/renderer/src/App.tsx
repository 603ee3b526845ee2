const SECTIONS = ['Components', 'Sources', 'Workflows', 'Events', 'Logs', 'Subscriptions', 'Accounts', 'Outbox', 'Settings'];

/** The application shell. The screens behind each section arrive with the desktop UI work. */
export function App() {
  return (
    <div style={{ display: 'flex', height: '100vh', fontFamily: 'system-ui, sans-serif' }}>
      <nav style={{ width: 180, borderRight: '1px solid #8884', padding: 12 }}>
        <strong>Runnel</strong>
        <ul style={{ listStyle: 'none', padding: 0 }}>
          {SECTIONS.map((s) => (
            <li key={s} style={{ padding: '4px 0', opacity: 0.6 }}>
              {s}
            </li>
          ))}
        </ul>
      </nav>
      <main style={{ padding: 24 }}>
        <h1>Runnel is running</h1>
        <p>
          The service answers on this address: REST v1 under <code>/v1</code>, event streams at <code>/sources/&lt;id&gt;/sse</code>.
          See <code>docs/api.md</code> for every route.
        </p>
      </main>
    </div>
  );
}
