/**
 * Where a gateway keeps today's agent time in state across a restart (DATA_DIR without Redis). The PBX keeps no
 * record of it, so without a store a restart forgets the day so far (docs/pbx/agent-time.md).
 */
export interface AgentTimeStore {
  /** What was stored (unchecked: the ledger validates it), or undefined when nothing was. */
  read(): Promise<unknown>;
  /** Replaces what is stored; written soon after, coalesced with the next calls. */
  save(snapshot: object): void;
}

export const AGENT_TIME_STORE = Symbol('AGENT_TIME_STORE');
