// Request/answer over a child's IPC channel: the bench drives its load and server processes with it.

/** Parent side: `call(cmd, args, timeoutMs)` resolves with the child's answer or rejects on error/timeout/exit. */
export function rpcClient(child, name) {
  let next = 1;
  const pending = new Map();
  child.on('message', (message) => {
    const waiter = pending.get(message?.id);
    if (!waiter) return;
    pending.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.ok) waiter.resolve(message.result);
    else waiter.reject(new Error(`${name}: ${message.error}`));
  });
  child.once('exit', (code, signal) => {
    for (const waiter of pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`${name} exited (${code ?? signal}) during ${waiter.cmd}`));
    }
    pending.clear();
  });
  return {
    call(cmd, args = {}, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        if (!child.connected) return reject(new Error(`${name} is not running (${cmd})`));
        const id = next++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${name}: ${cmd} took longer than ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer, cmd });
        child.send({ id, cmd, args });
      });
    },
  };
}

/**
 * Child side: answers `{id, cmd, args}` messages with `handlers[cmd](args)`; exits when the parent goes
 * away (IPC disconnect), so a killed bench never leaves load processes behind.
 */
export function serveRpc(handlers) {
  process.on('message', async (message) => {
    const { id, cmd, args } = message ?? {};
    const handler = handlers[cmd];
    try {
      if (!handler) throw new Error(`unknown command ${cmd}`);
      const result = await handler(args ?? {});
      process.send?.({ id, ok: true, result });
    } catch (error) {
      process.send?.({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
  process.once('disconnect', () => process.exit(0));
}
