import { PbxValidationError, type FieldViolation } from '../errors.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  ConferenceInviteMemberParams,
  ConferenceInviteMemberResponse,
  ConferenceKickMemberParams,
  ConferenceKickMemberResponse,
  ConferenceListParams,
  ConferenceListResponse,
  ConferenceMuteMemberParams,
  ConferenceMuteMemberResponse,
  ConferenceQueryOngoingParams,
  ConferenceQueryOngoingResponse,
} from './conference.types.js';

/** Audio conferences: the scheduled ones, and control of those in progress. */
export class ConferenceResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET conference/query_ongoing_conference: the conference's call and its members' channels. */
  queryOngoing(
    params: ConferenceQueryOngoingParams,
    options?: RequestOptions,
  ): Promise<ConferenceQueryOngoingResponse> {
    return this.api.call('conference/query_ongoing_conference', params, options);
  }

  /** POST conference/kick_member: removes members, given as the PBX spells them (`id`, `id1,id2` or `all`). */
  kickMember(
    params: ConferenceKickMemberParams,
    options?: RequestOptions,
  ): Promise<ConferenceKickMemberResponse> {
    return this.api.call('conference/kick_member', params, options);
  }

  /**
   * Removes the members with these channel IDs, or everyone with `'all'`. An empty list, an empty ID, an ID
   * containing a comma, or `'all'` inside the list is refused before sending: each would kick other members
   * than the caller meant.
   */
  async kickMembers(
    number: string,
    channelIds: readonly string[] | 'all',
    options?: RequestOptions,
  ): Promise<ConferenceKickMemberResponse> {
    if (channelIds === 'all') return this.kickMember({ member_channel_id: 'all', number }, options);
    const violations = channelIdViolations(channelIds, 'kick');
    if (violations.length > 0) throw new PbxValidationError('conference/kick_member', violations);
    return this.kickMember({ member_channel_id: channelIds.join(','), number }, options);
  }

  /** POST conference/mute_member: mutes members, given as the PBX spells them (`id`, `id1,id2` or `all`). */
  muteMember(
    params: ConferenceMuteMemberParams,
    options?: RequestOptions,
  ): Promise<ConferenceMuteMemberResponse> {
    return this.api.call('conference/mute_member', params, options);
  }

  /** Mutes the members with these channel IDs, or everyone with `'all'`; a list is checked as `kickMembers` checks it. */
  async muteMembers(
    number: string,
    channelIds: readonly string[] | 'all',
    options?: RequestOptions,
  ): Promise<ConferenceMuteMemberResponse> {
    if (channelIds === 'all') return this.muteMember({ member_channel_id: 'all', number }, options);
    const violations = channelIdViolations(channelIds, 'mute');
    if (violations.length > 0) throw new PbxValidationError('conference/mute_member', violations);
    return this.muteMember({ member_channel_id: channelIds.join(','), number }, options);
  }

  /** POST conference/invite_member: calls these numbers into the conference with `dialpermission`'s permission. */
  inviteMember(
    params: ConferenceInviteMemberParams,
    options?: RequestOptions,
  ): Promise<ConferenceInviteMemberResponse> {
    return this.api.call('conference/invite_member', params, options);
  }

  /** GET conference/list: one page of the scheduled conferences with their moderators. */
  list(params: ConferenceListParams, options?: RequestOptions): Promise<ConferenceListResponse> {
    return this.api.call('conference/list', params, options);
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
