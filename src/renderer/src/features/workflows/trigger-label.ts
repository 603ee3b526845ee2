import type { DeployedSource, WorkflowTrigger } from '../../../../shared/resources';

/** A trigger in a few words: "manual", "HTTP", "every 60 s", "cron 0 9 * * 1 (Europe/Paris)", "source My feed". */
export function triggerLabel(t: WorkflowTrigger, sources: DeployedSource[] = []): string {
  switch (t.type) {
    case 'manual':
      return 'manual';
    case 'http':
      return 'HTTP';
    case 'email':
      return 'e-mail';
    case 'timer':
      return t.cron ? `cron ${t.cron}${t.timezone ? ` (${t.timezone})` : ''}` : `every ${t.interval_seconds} s`;
    case 'source':
      return `source ${sources.find((s) => s.id === t.source_id)?.name ?? t.source_id}`;
  }
}
