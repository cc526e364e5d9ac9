/** Most calls one socket may watch at once (a supervisor has a call detail or two open, not hundreds). */
export const MAX_WATCHED_PER_SOCKET = 20;

/** What 30028 names a note by: the note's id and its group (the call). */
export interface NoteKeys {
  noteId: string;
  groupId: string;
}

/**
 * Which sockets watch which calls, and by which note keys: 30028 names the note and the call, never the
 * gateway's call id. A socket's watches go with it.
 */
export class CallWatchers<S> {
  /** socket -> call id -> keys. */
  private readonly bySocket = new Map<S, Map<string, NoteKeys>>();

  /** Adds a watch; false when the socket already watches the most calls it may. */
  add(socket: S, callId: string, keys: NoteKeys): boolean {
    const watched = this.bySocket.get(socket) ?? new Map<string, NoteKeys>();
    if (!watched.has(callId) && watched.size >= MAX_WATCHED_PER_SOCKET) return false;
    watched.set(callId, keys);
    this.bySocket.set(socket, watched);
    return true;
  }

  remove(socket: S, callId: string): void {
    const watched = this.bySocket.get(socket);
    watched?.delete(callId);
    if (watched?.size === 0) this.bySocket.delete(socket);
  }

  forget(socket: S): void {
    this.bySocket.delete(socket);
  }

  /** The sockets and call ids a 30028 concerns (matched on the note id or the group id). */
  matching(noteId: string, groupId: string): { socket: S; callId: string; keys: NoteKeys }[] {
    const out: { socket: S; callId: string; keys: NoteKeys }[] = [];
    for (const [socket, watched] of this.bySocket)
      for (const [callId, keys] of watched)
        if ((noteId !== '' && keys.noteId === noteId) || (groupId !== '' && keys.groupId === groupId))
          out.push({ socket, callId, keys });
    return out;
  }

  get size(): number {
    return this.bySocket.size;
  }
}
