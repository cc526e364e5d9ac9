/**
 * Which PBX operation each method of PbxClient's resources sends, read from the client itself: every method
 * is called once against a requester that notes the operation it is asked for and refuses to send anything.
 * The contract coverage check uses it to tell a call of `client.queue.list(...)` from a mere mention.
 */
import { PBX_OPERATIONS, PbxClient, PbxError, type PbxOperationName } from '@switchboard/pbx-api';

/** Thrown by the recording requester so that nothing is sent and the method stops there. */
class NotSent extends Error {}

const isOperation = (name: unknown): name is PbxOperationName =>
  typeof name === 'string' && Object.hasOwn(PBX_OPERATIONS, name);

/** A requester whose every method notes its operation (a name, or an operation spec's path) and throws. */
function recordingRequester(noted: Set<PbxOperationName>): unknown {
  return new Proxy(
    {},
    {
      get: () => (operation: unknown) => {
        const name = typeof operation === 'string' ? operation : (operation as { path?: unknown })?.path;
        if (isOperation(name)) noted.add(name);
        throw new NotSent();
      },
    },
  );
}

function methodNames(prototype: object | null): string[] {
  const names = new Set<string>();
  for (let at = prototype; at && at !== Object.prototype; at = Object.getPrototypeOf(at) as object | null)
    for (const name of Object.getOwnPropertyNames(at)) if (name !== 'constructor') names.add(name);
  return [...names];
}

/**
 * The operations one method sends first; empty when it sends none (a helper, not a PBX call at all, or a
 * property that is not built on a requester, such as the token provider, whose constructor refuses it).
 */
async function operationsOf(
  Resource: new (api: unknown) => Record<string, unknown>,
  method: string,
): Promise<Set<PbxOperationName>> {
  const noted = new Set<PbxOperationName>();
  try {
    const result = (new Resource(recordingRequester(noted))[method] as (params: unknown) => unknown)({});
    // Iterators (iterate) send their first request when asked for the first item.
    if (result && typeof (result as AsyncIterator<unknown>).next === 'function')
      await (result as AsyncIterator<unknown>).next();
    else await result;
  } catch (error) {
    // Methods that check their parameters themselves (the token calls) refuse `{}` naming their operation.
    if (error instanceof PbxError && isOperation(error.operation)) noted.add(error.operation);
  }
  return noted;
}

/**
 * `resource.method` (as in `client.queue.agentStatus`) -> the operations it sends. Resources are the
 * client's properties built on its requester (their constructor takes it first); others send nothing.
 */
export async function operationsByClientMethod(): Promise<Map<string, ReadonlySet<PbxOperationName>>> {
  const client = new PbxClient({ baseUrl: 'http://127.0.0.1:9', auth: { accessToken: 'never-sent' } });
  const byMethod = new Map<string, ReadonlySet<PbxOperationName>>();
  for (const [resource, value] of Object.entries(client)) {
    if (typeof value !== 'object' || value === null) continue;
    const Resource = (value as object).constructor as new (api: unknown) => Record<string, unknown>;
    for (const method of methodNames(Resource.prototype)) {
      const operations = await operationsOf(Resource, method);
      if (operations.size > 0) byMethod.set(`${resource}.${method}`, operations);
    }
  }
  return byMethod;
}
