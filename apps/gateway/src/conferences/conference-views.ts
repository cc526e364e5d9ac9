import type { ConferenceView } from '@switchboard/live-protocol';
import type { OngoingConference } from '@switchboard/pbx-api';

/** An extension's name by its number, when known. */
export type ExtensionNameOf = (number: string) => string | undefined;

/**
 * conference/query_ongoing_conference data as screens see it, ordered by conference number. A member that is an
 * extension (`member_type` `ext`, docs/pbx/conferences.md#ongoing-conferences) is named from `nameOf`; an outside
 * caller keeps only its number (its `from` could match an extension's number by chance).
 */
export function conferenceViews(
  data: readonly OngoingConference[],
  nameOf: ExtensionNameOf = () => undefined,
): ConferenceView[] {
  return data
    .map((conference) => ({
      number: conference.conference_number,
      name: conference.conference_name,
      members: (conference.members ?? []).map((member) => {
        const kind = String(member.member_type);
        return {
          channelId: member.channel_id,
          from: member.from,
          kind,
          status: String(member.member_status),
          name: (kind === 'ext' ? nameOf(member.from) : undefined) ?? null,
        };
      }),
    }))
    .sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
}
