import { PBX_EVENT } from '@switchboard/pbx-api';
import type { FinishedCall, TrunkInfo } from '../contracts.js';
import type { CallRegistry } from './calls.js';
import type { TimerHandle } from './clock.js';
import { callInfo, noHostMsg } from './event-payloads.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { Leg } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import { notFound, paramError } from '../sim-errors.js';
import { pageOf, pageParams } from '../support/paging.js';
import type { ConferenceDef, SimExtension } from './world.types.js';

interface Member {
  leg: Leg;
  callId: string;
  name: string;
  joinedMs: number;
  isHost: boolean;
  /** Muted by conference/mute_member: the others no longer hear the member. */
  muted: boolean;
  timer: TimerHandle | undefined;
}

interface Session {
  /** The conference's call id: the call id of the member who opened it. */
  callId: string;
  hostNumber: string;
  members: Member[];
  target: number;
  joinTimer: TimerHandle | undefined;
}

interface Room {
  def: ConferenceDef;
  session: Session | undefined;
  nextSession: TimerHandle | undefined;
}

/** A number conference/invite_member can dial: digits, optionally `+` first, and the keys `*` and `#`. */
const DIALLABLE = /^\+?[0-9*#]+$/;

/**
 * Audio conferences: sessions open when a staff member (the host) joins, members join and leave (extensions and
 * callers from outside), 30024 is published when the host leaves while others stay, a session closes when the
 * last member leaves. Members can be kicked, muted and invited (docs/pbx/conferences.md). Every member's stay is
 * recorded as a call: to the conference number, or from it to an invited number outside.
 */
export class Conferences {
  private readonly rooms: Room[];
  private readonly byNumber = new Map<string, Room>();
  private rate = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly calls: CallRegistry,
    private readonly rng: SeededRandom,
  ) {
    this.rooms = ctx.world.conferences.map((def) => ({ def, session: undefined, nextSession: undefined }));
    for (const room of this.rooms) this.byNumber.set(room.def.number, room);
  }

  /** Scales how often sessions open and members join; 0 opens no new sessions. */
  setRate(rate: number): void {
    this.rate = rate;
    for (const room of this.rooms) {
      this.ctx.cancel(room.nextSession);
      room.nextSession = undefined;
      if (!room.session) this.scheduleSession(room);
    }
  }

  /** Members of every conference in progress: each one's stay is a call of its own. */
  memberCount(): number {
    return this.rooms.reduce((sum, room) => sum + (room.session?.members.length ?? 0), 0);
  }

  /**
   * conference/list (docs/pbx/conferences.md#scheduled-conferences): the rooms sorted by `number` (default) or
   * `name`, `asc` (default) or `desc`, paged. A room's moderators are the first one or two staff members who
   * may join it.
   */
  list(params: Record<string, unknown>): { total_number: number; data: Record<string, unknown>[] } {
    const byName = params['sort_by'] === 'name';
    const desc = params['order_by'] === 'desc';
    const rooms = this.rooms
      .map((room) => room.def)
      .sort((a, b) => {
        const order = byName ? a.name.localeCompare(b.name) : a.number.localeCompare(b.number);
        return desc ? -order : order;
      });
    const { page, pageSize } = pageParams(params, { pageSize: rooms.length, maxPageSize: 1_000 });
    const { total, items } = pageOf(rooms, () => true, page, pageSize);
    return {
      total_number: total,
      data: items.map((def) => ({
        id: def.id,
        name: def.name,
        number: def.number,
        moderator_list: def.memberExtIds.slice(0, def.id % 2 === 0 ? 2 : 1).flatMap((id) => {
          const ext = this.ctx.extById.get(id);
          return ext ? [{ id: String(ext.id), name: ext.name, type: 'extension' }] : [];
        }),
      })),
    };
  }

  /** conference/query_ongoing_conference data for `numbers` (all rooms when undefined). */
  ongoing(numbers: string[] | undefined): Record<string, unknown>[] {
    const rooms = numbers ? numbers.map((n) => this.room(n)) : this.rooms;
    return rooms.flatMap((room) => {
      const session = room.session;
      if (!session) return [];
      return [
        {
          call_id: session.callId,
          conference_number: room.def.number,
          conference_name: room.def.name,
          members: session.members.map((m) => ({
            from: m.leg.from,
            trunk_name: m.leg.kind === 'extension' ? '<no name>' : m.leg.trunkName,
            channel_id: m.leg.channelId,
            member_type: m.leg.kind === 'extension' ? 'ext' : 'trunk',
            member_status: 'ANSWERED',
            // The simulator's own field (docs/pbx/conferences.md#mute-state-in-the-simulator): the guide's
            // answer has no mute state, so clients keep track of the mutes they make.
            sim_muted: m.muted ? 1 : 0,
          })),
        },
      ];
    });
  }

  /** conference/kick_member: all members or the listed channels; nothing is kicked when one id is unknown. */
  kick(number: string, channelIds: string[] | 'all'): void {
    const room = this.room(number);
    const session = this.ongoingSession(room, number);
    const kicked = new Set(this.members(session, channelIds));
    // Emptying the room ends the conference: nobody is left to be told the host has gone.
    const announce = kicked.size < session.members.length;
    for (const member of kicked) this.leave(room, member, announce);
  }

  /** conference/mute_member: all members or the listed channels; nobody is muted when one id is unknown. */
  mute(number: string, channelIds: string[] | 'all'): void {
    const session = this.ongoingSession(this.room(number), number);
    for (const member of this.members(session, channelIds)) member.muted = true;
  }

  /**
   * conference/invite_member: each number is called into the conference in progress and joins at once (the
   * simulator's invitees always answer): an extension on its phone, any other number outside through a trunk
   * with `dialpermission`'s permission. Answers the extensions that joined. Nobody is called when the
   * extension of `dialpermission` does not exist, a number is not diallable, named twice or already a member.
   */
  invite(number: string, numbers: readonly string[], dialPermission: string): SimExtension[] {
    const room = this.room(number);
    const session = this.ongoingSession(room, number);
    if (!this.ctx.extByNumber.has(dialPermission))
      throw paramError('dialpermission', dialPermission, 'not_exist', 'no extension has this number');
    const inside = new Set(session.members.map((m) => m.leg.from));
    const seen = new Set<string>();
    numbers.forEach((invited, index) => {
      const field = `invitemembers[${index}]`;
      if (!DIALLABLE.test(invited)) throw paramError(field, invited, 'format', 'must be a number to call');
      if (seen.has(invited)) throw paramError(field, invited, 'duplicate', 'is named twice');
      if (inside.has(invited)) throw paramError(field, invited, 'already_member', 'is in the conference');
      seen.add(invited);
    });
    const joined: SimExtension[] = [];
    for (const invited of numbers) {
      const ext = this.ctx.extByNumber.get(invited);
      this.join(room, session, ext ?? { outside: invited }, false);
      if (ext) joined.push(ext);
    }
    return joined;
  }

  private ongoingSession(room: Room, number: string): Session {
    if (!room.session) throw notFound('number', number, 'not_ongoing', 'the conference is not in progress');
    return room.session;
  }

  /** Every member, or the members on these channels; 40004 naming the first channel that is not a member. */
  private members(session: Session, channelIds: string[] | 'all'): Member[] {
    if (channelIds === 'all') return [...session.members];
    return channelIds.map((id) => {
      const member = session.members.find((m) => m.leg.channelId === id);
      if (!member) throw notFound('member_channel_id', id, 'not_member', 'not a member of this conference');
      return member;
    });
  }

  private room(number: string): Room {
    const room = this.byNumber.get(number);
    if (!room) throw notFound('number', number, 'unknown_conference', 'no conference has this number');
    return room;
  }

  private scheduleSession(room: Room): void {
    if (this.rate <= 0) return;
    const gapMs = this.rng.exponential((this.ctx.world.scenario.conferenceGapMin * 60_000) / this.rate);
    room.nextSession = this.ctx.after(gapMs, () => {
      room.nextSession = undefined;
      this.open(room);
    });
  }

  private open(room: Room): void {
    const host = this.idleStaff(room, undefined);
    if (!host) {
      this.scheduleSession(room);
      return;
    }
    const session: Session = {
      callId: '',
      hostNumber: host.number,
      members: [],
      target: this.rng.int(2, 6),
      joinTimer: undefined,
    };
    room.session = session;
    this.join(room, session, host, true);
    this.scheduleJoin(room, session);
  }

  private scheduleJoin(room: Room, session: Session): void {
    if (this.rate <= 0 || session.members.length >= session.target) return;
    session.joinTimer = this.ctx.after(this.rng.exponential(60_000 / this.rate), () => {
      session.joinTimer = undefined;
      if (room.session !== session) return;
      const ext = this.rng.chance(0.6) ? this.idleStaff(room, session) : undefined;
      this.join(room, session, ext, false);
      this.scheduleJoin(room, session);
    });
  }

  /**
   * A member joins: an extension, a caller from outside (a random one when `undefined`), or a number outside
   * the conference called (`outside`, an invitation).
   */
  private join(
    room: Room,
    session: Session,
    who: SimExtension | { outside: string } | undefined,
    isHost: boolean,
  ): void {
    const number = room.def.number;
    let leg: Leg;
    let name: string;
    if (who && 'outside' in who) {
      leg = this.calls.trunkLeg('outbound', who.outside, number, this.plainTrunk(), 'callee', 'ANSWERED');
      leg.callPath = number;
      name = this.ctx.world.callers.find((c) => c.number === who.outside)?.name ?? '';
    } else if (who) {
      leg = this.calls.extensionLeg(who, 'caller', 'ANSWERED', number);
      name = who.name;
      this.ctx.presence.move(who, 'none', 'connected');
    } else {
      const caller = this.rng.pick(this.ctx.world.callers);
      leg = this.calls.trunkLeg('inbound', caller.number, number, this.plainTrunk(), 'caller', 'ANSWERED');
      leg.callPath = number;
      name = caller.name;
    }
    const member: Member = {
      leg,
      callId: this.ctx.ids.callId(this.ctx.now()),
      name,
      joinedMs: this.ctx.now(),
      isHost,
      muted: false,
      timer: undefined,
    };
    if (session.members.length === 0) session.callId = member.callId;
    session.members.push(member);
    const stayMs = this.rng.logNormal((isHost ? 20 : 12) * 60_000, 0.5);
    member.timer = this.ctx.after(stayMs, () => this.leave(room, member));
    this.ctx.events.publish(PBX_EVENT.CALL_STATUS_CHANGED, callInfo({ id: member.callId, legs: [leg] }));
  }

  private leave(room: Room, member: Member, announceNoHost = true): void {
    const session = room.session;
    if (!session || !session.members.includes(member)) return;
    this.ctx.cancel(member.timer);
    session.members = session.members.filter((m) => m !== member);
    member.leg.status = 'BYE';
    if (member.leg.ext) this.ctx.presence.move(member.leg.ext, 'connected', 'none');
    this.ctx.events.publish(
      PBX_EVENT.CALL_STATUS_CHANGED,
      callInfo({ id: member.callId, legs: [member.leg] }),
    );
    this.ctx.records.recordCall(this.finished(room, member));
    if (announceNoHost && member.isHost && session.members.length > 0) {
      this.ctx.events.publish(PBX_EVENT.CONFERENCE_NO_HOST, noHostMsg(session.callId, session.hostNumber));
    }
    if (session.members.length === 0) {
      this.ctx.cancel(session.joinTimer);
      room.session = undefined;
      this.scheduleSession(room);
    }
  }

  private idleStaff(room: Room, session: Session | undefined): SimExtension | undefined {
    const inside = new Set(session?.members.map((m) => m.leg.ext));
    const idle = room.def.memberExtIds
      .map((id) => this.ctx.extById.get(id))
      .filter((ext): ext is SimExtension => !!ext && !inside.has(ext) && this.ctx.presence.isIdle(ext));
    return idle.length > 0 ? this.rng.pick(idle) : undefined;
  }

  private plainTrunk(): TrunkInfo {
    const trunks = this.ctx.world.trunks;
    return trunks.find((t) => !t.controlled) ?? (trunks[0] as TrunkInfo);
  }

  private finished(room: Room, member: Member): FinishedCall {
    const stay = Math.max(0, Math.round((this.ctx.now() - member.joinedMs) / 1000));
    const kind = member.leg.kind;
    // An invited number outside was called from the conference; everyone else called in.
    const party = { number: member.leg.from, name: member.name };
    const conference = { number: room.def.number, name: room.def.name };
    const [from, to] = kind === 'outbound' ? [conference, party] : [party, conference];
    return {
      call_id: member.callId,
      timestamp: Math.floor(member.joinedMs / 1000),
      type: kind === 'extension' ? 'Internal' : kind === 'outbound' ? 'Outbound' : 'Inbound',
      disposition: 'ANSWERED',
      abandoned: false,
      call_from_number: from.number,
      call_from_name: from.name,
      call_to_number: to.number,
      call_to_name: to.name,
      ring_duration: 0,
      queue_wait: 0,
      talk_duration: stay,
      hold_duration: 0,
      duration: stay,
      src_trunk: kind === 'inbound' ? member.leg.trunkName : '',
      dst_trunk: kind === 'outbound' ? member.leg.trunkName : '',
      did_number: '',
      queue_number: '',
      agent_number: '',
      recorded: false,
    };
  }
}
