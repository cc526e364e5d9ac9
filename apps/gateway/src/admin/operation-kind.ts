import type { OperationSpec } from '@switchboard/pbx-api';

/**
 * What an admin operation does: create / update / delete by its action's name (`batchcreate` is a create),
 * read for the PBX's safe reads, control for the rest (call control, log-ins). The audit and the refusal
 * sentences treat each differently.
 */
export type PbxOperationKind = 'create' | 'update' | 'delete' | 'read' | 'control';

/** The kind of operation `name`: by its action's name, else by whether the PBX may be asked it again safely. */
export function operationKind(name: string, spec: Pick<OperationSpec, 'idempotent'>): PbxOperationKind {
  const action = name.slice(name.indexOf('/') + 1);
  if (/^(batch)?create$/.test(action)) return 'create';
  if (/^(batch)?update$/.test(action)) return 'update';
  if (/^(batch)?delete$/.test(action)) return 'delete';
  return spec.idempotent ? 'read' : 'control';
}

/**
 * Reads that hand out call content are audited like playing a recording or exporting call records: an AI
 * transcript download. Every other read changes nothing and is only counted.
 */
const AUDITED_READS: ReadonlySet<string> = new Set(['cdr/aidownload']);

/** Whether an admin call of `name` goes to the audit trail: everything but reads, and the reads above. */
export function auditedKind(name: string, kind: PbxOperationKind): boolean {
  return kind !== 'read' || AUDITED_READS.has(name);
}
