/** Room of everyone watching one queue; queue IDs are the PBX's numeric IDs. */
export function queueRoom(queueId: number): string {
  return `queue:${queueId}`;
}

/** Room of supervisors who may decide held inbound calls for one queue scope. */
export function supervisorRoom(scope: string): string {
  return `supervisors:${scope}`;
}

/** Room of everyone watching conferences. */
export const CONFERENCES_ROOM = 'conferences';
