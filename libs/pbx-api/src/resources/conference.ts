import { PbxValidationError, type FieldViolation } from '../errors.js';
import type { RequestOptions } from '../internal/requester.js';
import type { PbxSuccess } from '../types.js';
import { resourceWith } from './resource.js';

/** Members to kick or mute by channel ID, or `'all'` of them. */
type ChannelIds = readonly string[] | 'all';

/** Audio conferences: the scheduled ones, and control of those in progress. */
export class ConferenceResource extends resourceWith({
  /** GET conference/query_ongoing_conference: the conference's call and its members' channels. */
  queryOngoing: 'conference/query_ongoing_conference',
  /** POST conference/kick_member: removes members, given as the PBX spells them (`id`, `id1,id2` or `all`). */
  kickMember: 'conference/kick_member',
  /** POST conference/mute_member: mutes members, given as the PBX spells them (`id`, `id1,id2` or `all`). */
  muteMember: 'conference/mute_member',
  /** POST conference/invite_member: calls these numbers into the conference with `dialpermission`'s permission. */
  inviteMember: 'conference/invite_member',
  /** GET conference/list: one page of the scheduled conferences with their moderators. */
  list: 'conference/list',
}) {
  /**
   * Removes the members with these channel IDs, or everyone with `'all'`. An empty list, an empty ID, an ID
   * containing a comma, or `'all'` inside the list is refused before sending: each would kick other members
   * than the caller meant.
   */
  kickMembers(number: string, channelIds: ChannelIds, options?: RequestOptions): Promise<PbxSuccess> {
    return this.toMembers('kick', number, channelIds, options);
  }

  /** Mutes the members with these channel IDs, or everyone with `'all'`; a list is checked as `kickMembers` checks it. */
  muteMembers(number: string, channelIds: ChannelIds, options?: RequestOptions): Promise<PbxSuccess> {
    return this.toMembers('mute', number, channelIds, options);
  }

  /** Sends `'all'` as it is, or the checked list joined with commas, to kick_member or mute_member. */
  private async toMembers(
    verb: 'kick' | 'mute',
    number: string,
    channelIds: ChannelIds,
    options: RequestOptions | undefined,
  ): Promise<PbxSuccess> {
    const operation = verb === 'kick' ? 'conference/kick_member' : 'conference/mute_member';
    if (channelIds === 'all') return this.api.call(operation, { member_channel_id: 'all', number }, options);
    const violations = channelIdViolations(channelIds, verb);
    if (violations.length > 0) throw new PbxValidationError(operation, violations);
    return this.api.call(operation, { member_channel_id: channelIds.join(','), number }, options);
  }
}

function channelIdViolations(channelIds: readonly string[], verb: 'kick' | 'mute'): FieldViolation[] {
  if (!Array.isArray(channelIds)) {
    return [
      { field: 'member_channel_id', rule: 'type', message: "must be an array of channel IDs or 'all'" },
    ];
  }
  if (channelIds.length === 0) {
    return [
      {
        field: 'member_channel_id',
        rule: 'required',
        message: "must list at least one channel ID (or be 'all')",
      },
    ];
  }
  const violations: FieldViolation[] = [];
  channelIds.forEach((id, index) => {
    const field = `member_channel_id[${index}]`;
    if (typeof id !== 'string' || id.trim() === '') {
      violations.push({ field, rule: 'required', message: 'must be a non-empty channel ID' });
    } else if (id.includes(',')) {
      violations.push({
        field,
        rule: 'format',
        message: `must be one channel ID without commas, got ${JSON.stringify(id)}`,
      });
    } else if (id === 'all') {
      violations.push({
        field,
        rule: 'format',
        message: `must be a channel ID; pass 'all' instead of a list to ${verb} everyone`,
      });
    }
  });
  return violations;
}
