// The vocabulary of the response shapes: field kinds, the PBX's success envelope and its common answers.

interface ShapeBase {
  description?: string;
  /** The field may be absent (the documents say it is returned only sometimes, or omitted when empty). */
  optional?: boolean;
  nullable?: boolean;
}

/** A text field. */
export interface StringShape extends ShapeBase {
  type: 'string';
  enum?: readonly string[];
}

/** A number: whole (`integer`) or not. */
export interface NumberShape extends ShapeBase {
  type: 'integer' | 'number';
  enum?: readonly number[];
}

/** A list. */
export interface ArrayShape extends ShapeBase {
  type: 'array';
  items: ResponseShape;
}

/** An object; `open` when the documents cut its field list short, so more fields may come. */
export interface ObjectShape extends ShapeBase {
  type: 'object';
  fields: Readonly<Record<string, ResponseShape>>;
  open?: boolean;
}

/** The shape of an answer or of one of its fields. */
export type ResponseShape = StringShape | NumberShape | ArrayShape | ObjectShape;

export const text = (description?: string): StringShape => ({
  type: 'string',
  ...(description ? { description } : {}),
});
export const whole = (description?: string): NumberShape => ({
  type: 'integer',
  ...(description ? { description } : {}),
});
export const oneOf = (values: readonly string[], description?: string): StringShape => ({
  ...text(description),
  enum: values,
});
export const flag = (description?: string): NumberShape => ({ ...whole(description), enum: [0, 1] });
export const listOf = (items: ResponseShape, description?: string): ArrayShape => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});
export const object = (fields: Record<string, ResponseShape>, open = false): ObjectShape => ({
  type: 'object',
  fields,
  ...(open ? { open } : {}),
});
/** The same shape, marked as possibly absent. */
export const maybe = <S extends ResponseShape>(shape: S): S => ({ ...shape, optional: true });

/** errcode 0 and errmsg: every answer has them. */
export const ENVELOPE = { errcode: { ...whole('0 on success'), enum: [0] }, errmsg: text('SUCCESS') };
/** An answer: the envelope and `fields`. */
export const answer = (fields: Record<string, ResponseShape> = {}): ObjectShape =>
  object({ ...ENVELOPE, ...fields });
export const done = answer();
export const created = answer({ id: whole('ID of the new object') });
export const rows = (row: ResponseShape, key = 'data') =>
  answer({ total_number: whole('rows in all pages'), [key]: listOf(row) });
export const many = (row: ResponseShape, key = 'data') => answer({ [key]: listOf(row) });
export const one = (item: ResponseShape, key = 'data') => answer({ [key]: item });
