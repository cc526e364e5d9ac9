import type { FinishedCall, TrunkInfo } from '../contracts.js';
import type { CallRegistry } from './calls.js';
import type { TimerHandle } from './clock.js';
import { callInfo, EVENT, noHostMsg } from './event-payloads.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { Leg } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import { notFound } from '../sim-errors.js';
import type { ConferenceDef, SimExtension } from './world.types.js';

interface Member {
  leg: Leg;
  callId: string;
  name: string;
  joinedMs: number;
  isHost: boolean;
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

/**
 * Audio conferences: sessions open when a staff member (the host) joins, members join and leave (extensions and
 * callers from outside), 30024 is published when the host leaves while others stay, a session closes when the
 * last member leaves. Every member's stay is recorded as a call to the conference number.
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
          })),
        },
      ];
    });
  }

  /** conference/kick_member: all members or the listed channels; nothing is kicked when one id is unknown. */
  kick(number: string, channelIds: string[] | 'all'): void {
    const room = this.room(number);
    const session = room.session;
    if (!session) throw notFound('number', number, 'not_ongoing', 'the conference is not in progress');
    const members =
      channelIds === 'all'
        ? [...session.members]
        : channelIds.map((id) => {
            const member = session.members.find((m) => m.leg.channelId === id);
            if (!member)
              throw notFound('member_channel_id', id, 'not_member', 'not a member of this conference');
            return member;
          });
    const kicked = new Set(members);
    // Emptying the room ends the conference: nobody is left to be told the host has gone.
    const announce = kicked.size < session.members.length;
    for (const member of kicked) this.leave(room, member, announce);
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

  private join(room: Room, session: Session, ext: SimExtension | undefined, isHost: boolean): void {
    const number = room.def.number;
    let leg: Leg;
    let name: string;
    if (ext) {
      leg = this.calls.extensionLeg(ext, 'caller', 'ANSWERED', number);
      name = ext.name;
      this.ctx.presence.move(ext, 'none', 'connected');
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
      timer: undefined,
    };
    if (session.members.length === 0) session.callId = member.callId;
    session.members.push(member);
    const stayMs = this.rng.logNormal((isHost ? 20 : 12) * 60_000, 0.5);
    member.timer = this.ctx.after(stayMs, () => this.leave(room, member));
    this.ctx.events.publish(EVENT.CALL_STATUS, callInfo({ id: member.callId, legs: [leg] }));
  }

  private leave(room: Room, member: Member, announceNoHost = true): void {
    const session = room.session;
    if (!session || !session.members.includes(member)) return;
    this.ctx.cancel(member.timer);
    session.members = session.members.filter((m) => m !== member);
    member.leg.status = 'BYE';
    if (member.leg.ext) this.ctx.presence.move(member.leg.ext, 'connected', 'none');
    this.ctx.events.publish(EVENT.CALL_STATUS, callInfo({ id: member.callId, legs: [member.leg] }));
    this.ctx.records.recordCall(this.finished(room, member));
    if (announceNoHost && member.isHost && session.members.length > 0) {
      this.ctx.events.publish(EVENT.NO_HOST_CONFERENCE, noHostMsg(session.callId, session.hostNumber));
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
    const fromExt = member.leg.kind === 'extension';
    return {
      call_id: member.callId,
      timestamp: Math.floor(member.joinedMs / 1000),
      type: fromExt ? 'Internal' : 'Inbound',
      disposition: 'ANSWERED',
      abandoned: false,
      call_from_number: member.leg.from,
      call_from_name: member.name,
      call_to_number: room.def.number,
      call_to_name: room.def.name,
      ring_duration: 0,
      queue_wait: 0,
      talk_duration: stay,
      hold_duration: 0,
      duration: stay,
      src_trunk: fromExt ? '' : member.leg.trunkName,
      dst_trunk: '',
      did_number: '',
      queue_number: '',
      agent_number: '',
      recorded: false,
    };
  }
}
