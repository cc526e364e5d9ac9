import type { CallMember } from '@switchboard/pbx-api';
import type { CallLeg } from './queue-state.model.js';

/** A 30011 leg with the path the call took (queue, IVR... number) for routing decisions. */
export interface RoutedCallLeg extends CallLeg {
  callPath: string;
}

/** The members of a 30011 Call_Info as flat legs. */
export function callLegs(members: readonly CallMember[]): RoutedCallLeg[] {
  return members.map((member): RoutedCallLeg => {
    if (member.extension) {
      const leg = member.extension;
      return {
        kind: 'extension',
        number: leg.number,
        status: leg.member_status,
        callPath: (leg.call_path ?? '').trim(),
      };
    }
    const kind = member.inbound ? 'inbound' : 'outbound';
    const leg = member.inbound ?? member.outbound;
    return {
      kind,
      number: leg?.from ?? '',
      status: leg?.member_status ?? '',
      callPath: (leg?.call_path ?? '').trim(),
    };
  });
}
