import type { ImportReport } from '../../../../shared/projects-api';

/** A picked file as the browser gives it: `webkitRelativePath` starts with the picked folder's own name. */
export interface PickedFile {
  webkitRelativePath: string;
  name: string;
  size: number;
  text(): Promise<string>;
}

const SKIP = /(^|\/)(\.git|node_modules)\//;
const MAX_BYTES = 1024 * 1024;

/**
 * The files of a folder picked with a directory input, keyed as the import takes them (relative
 * to the picked folder, `/`-separated). Version-control and package folders, and files over 1 MB,
 * are left out; `keep` picks further (e.g. only component files).
 */
export async function folderFiles(picked: ArrayLike<PickedFile>, keep: (path: string) => boolean = () => true): Promise<{ folder: string; files: Record<string, string> }> {
  const files: Record<string, string> = {};
  let folder = '';
  for (const f of Array.from(picked)) {
    const full = f.webkitRelativePath || f.name;
    const slash = full.indexOf('/');
    folder ||= slash > 0 ? full.slice(0, slash) : '';
    const rel = slash > 0 ? full.slice(slash + 1) : full;
    if (SKIP.test(rel) || f.size > MAX_BYTES || !keep(rel)) continue;
    files[rel] = await f.text();
  }
  return { folder, files };
}

export const isComponentFile = (p: string) => /\.(m?js|cjs|ts)$/.test(p);

/** The workflows of a report whose timer waits for a schedule: the screen asks for one each. */
export function needingSchedule(report: { workflows: { hosted_id: string; name: string; needs: string[] }[] }): { hosted_id: string; name: string }[] {
  return report.workflows.filter((w) => w.needs.some((n) => n.startsWith('a schedule for timer'))).map((w) => ({ hosted_id: w.hosted_id, name: w.name }));
}

/** The local trigger a hosted one became, in words. */
export function triggerText(w: Pick<ImportReport['workflows'][number], 'trigger'>): string {
  if (w.trigger.type === 'timer') return `timer ${w.trigger.schedule ?? ''}`;
  if (w.trigger.hosted_id?.startsWith('ti_')) return 'timer (needs a schedule)';
  if (w.trigger.type === 'manual' && w.trigger.hosted_id) return 'run by hand until a source is set';
  if (w.trigger.type === 'source' && w.trigger.source_id) return `source ${w.trigger.source_id} (set in Runnel)`;
  return w.trigger.type === 'manual' ? 'run by hand' : w.trigger.type;
}
