import type { CallbackRequest } from '../domain/flow';
import type { FlowTrigger } from '../engine/triggers/flow-trigger';

/** The public resume and cancel URLs of paused runs (server/flow-urls.ts is their ingress). */
export class FlowService {
  constructor(private readonly flow: FlowTrigger) {}

  /** Ends a pause by its URL's token; not_found when unknown or already used. */
  async end(token: string, action: 'resume' | 'cancel', request: CallbackRequest): Promise<{ run_id: string }> {
    const { runId } = await this.flow.endByUrl(token, request, action);
    return { run_id: runId };
  }
}
