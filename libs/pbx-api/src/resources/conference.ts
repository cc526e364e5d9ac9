import { PbxValidationError, type FieldViolation } from '../errors.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  ConferenceKickMemberParams,
  ConferenceKickMemberResponse,
  ConferenceQueryOngoingParams,
  ConferenceQueryOngoingResponse,
} from './conference.types.js';

/** Audio conferences in progress. */
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
    const violations = channelIdViolations(channelIds);
    if (violations.length > 0) throw new PbxValidationError('conference/kick_member', violations);
    return this.kickMember({ member_channel_id: channelIds.join(','), number }, options);
  }
}

function channelIdViolations(channelIds: readonly string[]): FieldViolation[] {
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
        message: "must be a channel ID; pass 'all' instead of a list to kick everyone",
      });
    }
  });
  return violations;
}
