import type { ConferenceView } from '@switchboard/live-protocol';
import type { OngoingConference } from '@switchboard/pbx-api';

/** conference/query_ongoing_conference data as screens see it, ordered by conference number. */
export function conferenceViews(data: readonly OngoingConference[]): ConferenceView[] {
  return data
    .map((conference) => ({
      number: conference.conference_number,
      name: conference.conference_name,
      members: (conference.members ?? []).map((member) => ({
        channelId: member.channel_id,
        from: member.from,
        kind: String(member.member_type),
        status: String(member.member_status),
      })),
    }))
    .sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
}
