import { dialPatternMatches, type InboundRoute } from '@switchboard/pbx-api';

/** A route's details (inbound_route/query) with its place in the PBX's route table (inbound_route/list `pos`). */
export type PositionedRoute = InboundRoute & { pos: number };

/**
 * Where a held call's inbound route leads by default, as far as the PBX's route data tells: a queue, somewhere
 * else (an IVR, an extension, ...), or unknown (no route matches, or routes that may take it lead to different
 * places). It is the route's DEFAULT destination (`def_dest`): a route with time conditions (office hours,
 * holidays) may send the call elsewhere at the moment, which the interface does not tell.
 */
export type RouteDestination =
  | { kind: 'queue'; queueId: number }
  | { kind: 'other'; destination: string; words: string }
  | { kind: 'unknown'; reason: string };

/** What of a held call routing depends on. */
export interface RoutedCall {
  /** The dialled number (DID). */
  to: string;
  trunk: string;
  /** The caller's number (routes may select callers by caller-ID pattern). */
  from: string;
}

/** A DID or caller-ID pattern as the route matches it. */
type Matcher = (value: string) => boolean;

/** One route as the gateway matches calls against it. */
interface RouteRule {
  id: number;
  pos: number;
  name: string;
  /** Trunk names the route applies on; null when the PBX did not say (then it may apply on any). */
  trunks: ReadonlySet<string> | null;
  /** Exact DID numbers, and the patterns (`_X.`); `anyDid` for a route without a DID condition. */
  exactDids: ReadonlySet<string>;
  didPatterns: Matcher[];
  anyDid: boolean;
  /** Whether the caller may be one this route takes: false = surely not, undefined = cannot tell (phonebook). */
  takesCaller: (from: string) => boolean | undefined;
  destination: RouteDestination;
}

/** A route's destination: `def_dest` queue with a queue id in `def_dest_value`, or another place. */
function destinationOf(route: InboundRoute): RouteDestination {
  const kind = (route.def_dest ?? '').trim();
  const value = (route.def_dest_value ?? '').trim();
  if (kind === 'queue') {
    const queueId = Number(value);
    return /^[1-9]\d*$/.test(value) && Number.isSafeInteger(queueId)
      ? { kind: 'queue', queueId }
      : { kind: 'unknown', reason: `route ${route.id} leads to a queue without a usable id` };
  }
  return kind === ''
    ? { kind: 'unknown', reason: `route ${route.id} names no destination` }
    : { kind: 'other', destination: kind, words: otherWords(route, kind, value) };
}

/** A route's default destination in words ("queue 2", "an IVR menu", "extension 1001 (Ana)"), for the admin screen. */
export function routeDestinationWords(route: InboundRoute): string {
  const destination = destinationOf(route);
  if (destination.kind === 'queue') return `queue ${destination.queueId}`;
  return destination.kind === 'other' ? destination.words : `unknown: ${destination.reason}`;
}

/** Destinations other than queues in words, for the supervisor deciding a held call. */
const OTHER_WORDS: Readonly<Record<string, string>> = {
  ivr: 'an IVR menu',
  ring_group: 'a ring group',
  call_flow: 'a call flow',
  ai_receptionist: 'the AI receptionist',
  conference: 'a conference room',
  end_call: 'nowhere: the route ends the call',
  disabled: 'nowhere: the route is disabled',
  play_greeting: 'a greeting, then the call ends',
  fax: 'fax',
  pattern_to_ext: 'the extension the dialled number names',
  range_to_ext: 'the extension the dialled number names',
  pattern_to_ext_list: 'the extension the dialled number names',
};

function otherWords(route: InboundRoute, kind: string, value: string): string {
  const [first, ...more] = route.def_dest_ext_list ?? [];
  const extension = first
    ? `${first.type === 'ext_group' ? 'extension group' : 'extension'} ${[first.number, first.name && `(${first.name})`].filter(Boolean).join(' ')}${more.length > 0 ? ` and ${more.length} more` : ''}`
    : undefined;
  if (kind === 'extension') return extension ?? 'an extension';
  if (kind === 'ext_vm') return extension ? `the voicemail of ${extension}` : 'a voicemail box';
  if (kind === 'external_num') return `the outside number ${(route.def_dest_prefix ?? '').trim()}${value}`;
  return OTHER_WORDS[kind] ?? kind.replace(/_/g, ' ');
}

/** Patterns of a list; blank ones dropped. An empty result means "any". */
function patterns(values: readonly (string | undefined)[]): string[] {
  return values.map((value) => (value ?? '').trim()).filter((value) => value !== '');
}

function ruleOf(route: PositionedRoute): RouteRule {
  let dids: string[];
  let anyDid = false;
  switch (route.did_option ?? 'patterns') {
    case 'pattern_to_ext':
      dids = patterns([route.did_pattern_to_ext]);
      break;
    case 'pattern_to_ext_list':
      dids = patterns((route.did_pattern_to_ext_list ?? []).map((item) => item.did_pattern));
      break;
    case 'range_to_ext':
      dids = [];
      break;
    default:
      dids = patterns((route.did_pattern_list ?? []).map((item) => item.did_pattern));
      // A route without any DID pattern takes calls to every DID of its trunks.
      anyDid = dids.length === 0;
  }
  const rangeMatcher = rangeOf(route);
  const cidPatterns = patterns((route.cid_pattern_list ?? []).map((item) => item.cid_pattern));
  const byPhonebook = route.cid_option === 'phonebook';
  return {
    id: route.id,
    pos: route.pos,
    name: (route.name ?? '').trim(),
    trunks: route.trunk_list ? new Set(route.trunk_list.map((trunk) => trunk.name.trim())) : null,
    exactDids: new Set(dids.filter((did) => !did.startsWith('_'))),
    didPatterns: [
      ...dids
        .filter((did) => did.startsWith('_'))
        .map((did) => (value: string) => dialPatternMatches(did, value)),
      ...(rangeMatcher ? [rangeMatcher] : []),
    ],
    anyDid,
    // Phonebook membership is not something the gateway can check cheaply: such a route may take anyone.
    takesCaller: byPhonebook
      ? () => undefined
      : (from) =>
          cidPatterns.length === 0 || cidPatterns.some((pattern) => dialPatternMatches(pattern, from)),
    destination: destinationOf(route),
  };
}

/** `range_to_ext`: DIDs from `did_to_ext_start` to `did_to_ext_end`, numbers of the same length. */
function rangeOf(route: InboundRoute): Matcher | undefined {
  if (route.did_option !== 'range_to_ext') return undefined;
  const start = (route.did_to_ext_start ?? '').trim();
  const end = (route.did_to_ext_end ?? '').trim();
  if (!/^\d+$/.test(start) || !/^\d+$/.test(end) || start.length !== end.length) return undefined;
  return (value) => /^\d+$/.test(value) && value.length === start.length && value >= start && value <= end;
}

/**
 * The PBX's inbound routes, for telling where a held call goes by default. Routes are tried in the order of
 * the PBX's route table (`pos`, then id), as its web portal orders them (docs/pbx/configuration.md#inbound-routes):
 * the first route that surely takes a call (its trunk, its DID, its caller) decides. A route selecting callers
 * by phonebook may or may not take the caller (membership is not checked), so it and the routes after it up to
 * the first sure one are all possible: if they do not all lead to the same place, the destination is unknown
 * rather than a guess.
 */
export class InboundRouteTable {
  private readonly rules: RouteRule[];

  constructor(routes: readonly PositionedRoute[]) {
    this.rules = [...routes].sort((a, b) => a.pos - b.pos || a.id - b.id).map(ruleOf);
  }

  /** How many routes the table holds. */
  get size(): number {
    return this.rules.length;
  }

  /** Where `call` goes by default. */
  destinationOf(call: RoutedCall): RouteDestination {
    return this.routeOf(call).destination;
  }

  /**
   * Where `call` goes by default, and the names of the routes that may take it, in table order (the
   * call-history detail shows them).
   */
  routeOf(call: RoutedCall): { names: string[]; destination: RouteDestination } {
    const to = call.to.trim();
    const trunk = call.trunk.trim();
    const from = call.from.trim();
    const chosen: RouteRule[] = [];
    for (const rule of this.rules) {
      if (rule.trunks !== null && !rule.trunks.has(trunk)) continue;
      if (!(rule.anyDid || rule.exactDids.has(to) || rule.didPatterns.some((matches) => matches(to))))
        continue;
      const takes = rule.takesCaller(from);
      if (takes === false) continue;
      chosen.push(rule);
      // A route that surely takes the call ends the search: the routes after it never see it.
      if (takes) break;
    }
    const first = chosen[0];
    const names = chosen.map((rule) => rule.name || `route ${rule.id}`);
    if (!first)
      return {
        names,
        destination: {
          kind: 'unknown',
          reason: `no inbound route takes calls to ${to || '(no DID)'} on ${trunk || '(no trunk)'}`,
        },
      };
    const key = JSON.stringify(first.destination);
    if (chosen.some((rule) => JSON.stringify(rule.destination) !== key))
      return {
        names,
        destination: {
          kind: 'unknown',
          reason: `inbound routes ${chosen.map((rule) => rule.id).join(', ')} may take it (a phonebook decides) and lead to different places`,
        },
      };
    return { names, destination: first.destination };
  }
}
