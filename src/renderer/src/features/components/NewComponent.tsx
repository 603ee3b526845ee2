import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { Page } from '../../ui/Page';
import { TEMPLATES } from './component-logic';
import { EditorPanel } from './EditorPanel';

/** `#/components/new`: an editor pre-filled from a starter template; Save creates the component. */
export function NewComponent() {
  const target = useStore((s) => s.componentEditor.target);
  const code = useStore((s) => s.componentEditor.code);
  const saving = useStore((s) => s.componentEditor.saving);
  const startNew = useStore((s) => s.startNewComponent);
  const save = useStore((s) => s.saveComponent);
  const [, navigate] = useLocation();

  // A copy of a registry component arrives already opened as 'new'; otherwise start from a template.
  useEffect(() => {
    if (useStore.getState().componentEditor.target !== 'new') startNew(TEMPLATES[0].code, { restoreDraft: true });
  }, [startNew]);

  const template = TEMPLATES.find((t) => t.code === code)?.id ?? '';
  const pick = (id: string) => {
    const t = TEMPLATES.find((x) => x.id === id);
    if (!t) return;
    const edited = code.trim() !== '' && !TEMPLATES.some((x) => x.code === code);
    if (edited && !window.confirm(`Replace your code with the ${t.label} template? Your changes are lost.`)) return;
    startNew(t.code);
  };
  const onSave = async () => {
    const id = await save();
    if (id) navigate(`/${id}`);
  };

  if (target !== 'new') return null;
  return (
    <Page
      title="New component"
      actions={
        <>
          <Link href="/">Cancel</Link>
          <button type="button" className="primary" disabled={saving} onClick={onSave}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <EditorPanel
        onSave={onSave}
        toolbar={
          <label className="row">
            Start from
            <select aria-label="Template" value={template} onChange={(e) => pick(e.target.value)}>
              {template === '' && <option value="">(your code)</option>}
              {TEMPLATES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
        }
      />
    </Page>
  );
}
