import type {
  PbxFieldSchema,
  PbxFormatName,
  PbxObjectSchema,
  PbxOperationKind,
  PbxSchemaAnswer,
} from '@switchboard/live-protocol';
import {
  FORMATS,
  VALIDATE_LIMITS,
  type FieldRule,
  type ObjectRule,
  type OperationSpec,
} from '@switchboard/pbx-api';
import { ADMIN_OPERATIONS } from './admin-operations.js';

/**
 * The pbx-api rule of a parameter as plain JSON for forms: every default spelled out (required, minItems,
 * the text and list limits the validator applies), so the dashboard's check needs nothing but this.
 */
export function fieldSchema(rule: FieldRule): PbxFieldSchema {
  const required = rule.required === true;
  switch (rule.type) {
    case 'string':
      return {
        type: 'string',
        required,
        ...(rule.enum ? { enum: [...rule.enum] } : {}),
        ...(rule.format ? { format: rule.format } : {}),
        maxLength: VALIDATE_LIMITS.maxStringLength,
      };
    case 'integer':
      return {
        type: 'integer',
        required,
        ...(rule.min !== undefined ? { min: rule.min } : {}),
        ...(rule.max !== undefined ? { max: rule.max } : {}),
        ...(rule.enum ? { enum: [...rule.enum] } : {}),
        ...(rule.alsoAllow ? { alsoAllow: [...rule.alsoAllow] } : {}),
        ...(rule.blankIsDefault ? { blankIsDefault: true } : {}),
      };
    case 'id':
      // validate.ts: an ID as text is 1 to 256 characters.
      return { type: 'id', required, maxLength: 256 };
    case 'array':
      return {
        type: 'array',
        required,
        items: fieldSchema(rule.items),
        minItems: rule.minItems ?? (required ? 1 : 0),
        maxItems: VALIDATE_LIMITS.maxArrayItems,
      };
    case 'object':
      return objectSchema(rule);
  }
}

/** An object rule as plain JSON; conditions with their lists always present. */
export function objectSchema(rule: ObjectRule): PbxObjectSchema {
  return {
    type: 'object',
    required: rule.required === true,
    fields: Object.fromEntries(
      Object.entries(rule.fields).map(([name, field]) => [name, fieldSchema(field)]),
    ),
    conditions: (rule.conditions ?? []).map((condition) => ({
      field: condition.field,
      ...(condition.in ? { in: [...condition.in] } : {}),
      ...(condition.notIn ? { notIn: [...condition.notIn] } : {}),
      require: [...(condition.require ?? [])],
      forbid: [...(condition.forbid ?? [])],
    })),
    exactlyOneOf: (rule.exactlyOneOf ?? []).map((group) => [...group]),
    aliases: { ...rule.aliases },
  };
}

/**
 * What an operation does: create / update / delete by its action (`batchcreate` creates, `batchdelete`
 * deletes), read for what the
 * PBX may be asked again safely (its idempotent reads), control for the rest (call control, log-ins).
 */
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

let answer: PbxSchemaAnswer | undefined;

/** Answer of GET /api/pbx/schema: built once from the rules data, the same objects every check uses. */
export function pbxSchemaAnswer(): PbxSchemaAnswer {
  answer ??= {
    operations: ADMIN_OPERATIONS.map(({ name, spec }) => ({
      name,
      method: spec.method,
      kind: operationKind(name, spec),
      params: objectSchema(spec.params),
    })),
    formats: Object.fromEntries(
      Object.entries(FORMATS).map(([name, format]) => [name, format.message]),
    ) as Record<PbxFormatName, string>,
    limits: { maxViolations: VALIDATE_LIMITS.maxViolations, maxDepth: VALIDATE_LIMITS.maxDepth },
  };
  return answer;
}
