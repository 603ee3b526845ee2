import type { OutboxMessage, Workflow } from '../../../../shared/resources';

/** Newest first (ties by id, so the order is stable), filtered by subject, recipient, text or workflow name. */
export function visibleMessages(messages: OutboxMessage[], filter: string, workflows: Workflow[]): OutboxMessage[] {
  const q = filter.trim().toLowerCase();
  const name = (id?: string) => (id ? (workflows.find((w) => w.id === id)?.name ?? id) : '');
  return [...messages]
    .sort((a, b) => b.ts - a.ts || (a.id < b.id ? 1 : -1))
    .filter((m) => !q || [m.subject, m.to, m.text ?? '', name(m.workflow_id), m.workflow_id ?? ''].some((s) => s.toLowerCase().includes(q)));
}

/** The workflow's name for the list, or its id when it is gone. */
export function workflowName(id: string | undefined, workflows: Workflow[]): string {
  if (!id) return '';
  return workflows.find((w) => w.id === id)?.name ?? id;
}
