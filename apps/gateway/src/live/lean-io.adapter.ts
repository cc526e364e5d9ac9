import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';

/**
 * Nest's IoAdapter binds every @SubscribeMessage handler to every socket through an rxjs pipeline
 * (fromEvent -> mergeMap -> takeUntil(disconnect)): about 38 KB of heap per connected socket, and a
 * wallboard socket sits idle for weeks (bench part 4: 52 KB heap per client against 10 KB for bare
 * socket.io). This adapter registers one plain listener per message and runs Nest's transform only when a
 * message arrives. Replies go out exactly as Nest sends them: an `{event, data}` answer is emitted, anything
 * else answers the acknowledgement.
 */
export class LeanIoAdapter extends IoAdapter {
  override bindMessageHandlers(
    // Nest's own socket.io typings (its dependency may be a different copy than ours).
    socket: Parameters<IoAdapter['bindMessageHandlers']>[0],
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(String(message), (...args: unknown[]) => {
        // The same payload shape rxjs' fromEvent hands Nest: one argument as is, several as an array.
        const { data, ack } = this.mapPayload(args.length === 1 ? args[0] : args);
        transform(callback(data, ack)).subscribe({
          next: (response) => {
            if (response === undefined || response === null) return;
            const reply = response as { event?: string; data?: unknown };
            if (reply.event) socket.emit(reply.event, reply.data);
            else if (!isAckHandledManually && typeof ack === 'function')
              (ack as (value: unknown) => void)(response);
          },
          // Nest's exception filters already ran inside `callback`; our handlers answer Results and never throw.
          error: () => undefined,
        });
      });
    }
  }
}
