/**
 * The PBX operations a contract spec calls, read from its syntax tree (so comments and unrelated strings do
 * not count): a call of a client method (`ctx.client.queue.agentStatus(...)`, mapped to its operation by
 * {@link operationsByClientMethod}), a raw request (`ctx.raw('queue/list', ...)`), or an operation of a
 * `describeEditable` case, whose round trip asserts that each of its resource's six operations reached the
 * simulator.
 */
import ts from 'typescript';
import { EDITABLE_VERBS } from './editable-kit.js';

/** `resource.method` -> the operations it sends (see client-operations.ts). */
export type OperationsByMethod = ReadonlyMap<string, ReadonlySet<string>>;

const calleeName = (callee: ts.Expression): string | undefined =>
  ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : undefined;

/** `<anything>.<resource>.<method>(...)`: the operations of that client method. */
function clientMethodCall(call: ts.CallExpression, byMethod: OperationsByMethod): Iterable<string> {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isPropertyAccessExpression(callee.expression)) return [];
  return byMethod.get(`${callee.expression.name.text}.${callee.name.text}`) ?? [];
}

/** `raw('<operation>', ...)`: the operation sent over raw HTTP. */
function rawRequest(call: ts.CallExpression): Iterable<string> {
  const [operation] = call.arguments;
  return calleeName(call.expression) === 'raw' && operation && ts.isStringLiteral(operation)
    ? [operation.text]
    : [];
}

/** `describeEditable(get, { resource: '<resource>', ... })`: the six operations of its round trip. */
function editableCase(call: ts.CallExpression): Iterable<string> {
  const [, options] = call.arguments;
  if (
    calleeName(call.expression) !== 'describeEditable' ||
    !options ||
    !ts.isObjectLiteralExpression(options)
  )
    return [];
  const resource = options.properties.find(
    (property): property is ts.PropertyAssignment =>
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === 'resource',
  );
  if (!resource || !ts.isStringLiteral(resource.initializer)) return [];
  const name = resource.initializer.text;
  return EDITABLE_VERBS.map((verb) => `${name}/${verb}`);
}

/** The operations `source` (a spec's text) calls. */
export function operationsCalledIn(
  fileName: string,
  source: string,
  byMethod: OperationsByMethod,
): Set<string> {
  const called = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node))
      for (const found of [clientMethodCall(node, byMethod), rawRequest(node), editableCase(node)])
        for (const operation of found) called.add(operation);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true));
  return called;
}
