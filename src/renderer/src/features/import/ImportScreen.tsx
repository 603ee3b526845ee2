import { useState, type ChangeEvent } from 'react';
import type { ImportReport } from '../../../../shared/projects-api';
import { client, messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { ImportReportView } from './ImportReportView';
import { folderFiles, isComponentFile, needingSchedule, type PickedFile } from './import-files';
import './import.css';

/** Directory inputs are not in React's typings; Chromium and Electron support them. */
const DIRECTORY = { webkitdirectory: '', directory: '' } as Record<string, string>;

type Picked = { folder: string; files: Record<string, string> };

/**
 * `#/import`: pick a synced project folder (the hosted service's GitHub Sync layout), see what the
 * import would do, give the schedules the format does not carry, then confirm.
 */
export function ImportScreen() {
  const refresh = useStore((s) => s.refresh);
  const [project, setProject] = useState<Picked | null>(null);
  const [components, setComponents] = useState<Picked | null>(null);
  const [schedules, setSchedules] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [done, setDone] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (dry: boolean, p = project, c = components) => {
    if (!p) return;
    setBusy(dry ? 'Reading the project…' : 'Importing…');
    setError(null);
    try {
      const given = Object.fromEntries(Object.entries(schedules).filter(([, v]) => v.trim()));
      const body = { files: p.files, ...(c ? { components: c.files } : {}), ...(Object.keys(given).length ? { schedules: given } : {}), dry_run: dry };
      const report = await client.data('importProject', { body });
      if (dry) {
        setPreview(report);
        setDone(null);
      } else {
        setDone(report);
        setPreview(null);
        await Promise.all([refresh('workflows'), refresh('accounts')]);
      }
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  const pick = (which: 'project' | 'components') => async (e: ChangeEvent<HTMLInputElement>) => {
    const list = e.target.files as unknown as ArrayLike<PickedFile> | null;
    if (!list || list.length === 0) return;
    const picked = await folderFiles(list, which === 'components' ? isComponentFile : undefined);
    if (which === 'project') {
      setProject(picked);
      setSchedules({});
      await run(true, picked, components);
    } else {
      setComponents(picked);
      if (project) await run(true, project, picked);
    }
  };

  const missing = preview ? needingSchedule(preview).filter((w) => !schedules[w.hosted_id]?.trim()) : [];
  return (
    <Page title="Import">
      <div className="import-screen">
        <p className="muted">
          Bring workflows from a repository the hosted service's GitHub Sync wrote (<code>README.md</code> and one <code>&lt;name&gt;-p_…/</code> folder per workflow). Importing again
          updates the same workflows in place. The same from a terminal: <code>runnel import &lt;folder&gt;</code>; see docs/migrate.md.
        </p>
        <div className="import-pickers">
          <label>
            Project folder <input type="file" aria-label="Project folder" multiple {...DIRECTORY} onChange={(e) => void pick('project')(e)} />
          </label>
          <label>
            Components folder (optional, for registry actions) <input type="file" aria-label="Components folder" multiple {...DIRECTORY} onChange={(e) => void pick('components')(e)} />
          </label>
          {project && (
            <span className="muted">
              {project.folder || 'folder'}: {Object.keys(project.files).length} files{components ? `; ${Object.keys(components.files).length} component files` : ''}
            </span>
          )}
        </div>
        {busy && <p className="muted">{busy}</p>}
        <ErrorNote error={error} onDismiss={() => setError(null)} />
        {preview && (
          <>
            <h2>Preview: nothing is changed yet</h2>
            <ImportReportView report={preview} schedules={schedules} onSchedule={(id, v) => setSchedules((s) => ({ ...s, [id]: v }))} />
            <div className="row">
              <button type="button" className="primary" disabled={!!busy || preview.workflows.length === 0} onClick={() => void run(false)}>
                Import {preview.workflows.length} workflow{preview.workflows.length === 1 ? '' : 's'}
              </button>
              <button type="button" disabled={!!busy} onClick={() => void run(true)}>
                Preview again
              </button>
              {missing.length > 0 && <span className="warn-text">Without a schedule, {missing.map((w) => w.name).join(', ')} will be imported inactive.</span>}
            </div>
          </>
        )}
        {done && (
          <>
            <h2>Imported</h2>
            <ImportReportView report={done} schedules={schedules} />
          </>
        )}
      </div>
    </Page>
  );
}
