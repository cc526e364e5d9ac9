import type { Component } from 'vue';

/** One screen of the admin area: a route under `/console/admin/<slug>` and an entry of its section nav. */
export interface AdminSection {
  /** The last part of the address, e.g. `allowlist`: the route is `/console/admin/allowlist`, named `admin-allowlist`. */
  slug: string;
  /** The screen's heading and its link text in the nav. */
  title: string;
  /** One sentence on the admin area's first page: what the screen is for. */
  summary: string;
  /** The screen, loaded as its own chunk. */
  component: () => Promise<Component | { default: Component }>;
  /** Route props given to the screen (one view may serve two sections, e.g. allowlist and blocklist). */
  props?: Record<string, unknown>;
}

/**
 * Every admin screen, in nav order. The router makes one admins-only route of each; append a section here
 * (and nothing else) to add a screen.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    slug: 'allowlist',
    title: 'Allowlist',
    summary: 'Numbers that may always call in, or that extensions may always call.',
    component: () => import('../admin/number-rules/NumberRulesView.vue'),
    props: { list: 'allow' },
  },
  {
    slug: 'blocklist',
    title: 'Blocklist',
    summary: 'Numbers that may not call in, or that extensions may not call.',
    component: () => import('../admin/number-rules/NumberRulesView.vue'),
    props: { list: 'block' },
  },
  {
    slug: 'pin-lists',
    title: 'PIN lists',
    summary: 'PIN codes callers enter before an outbound call goes through.',
    component: () => import('../admin/pin-lists/PinListsView.vue'),
  },
  {
    slug: 'ivrs',
    title: 'IVRs',
    summary: 'Voice menus: the prompt, and where each key sends the caller.',
    component: () => import('../admin/ivrs/IvrsView.vue'),
  },
  {
    slug: 'message-queues',
    title: 'Message queues',
    summary: 'Groups of extensions that pick up SMS, WhatsApp, Facebook and live-chat sessions.',
    component: () => import('../admin/message-queues/MessageQueuesView.vue'),
  },
  {
    slug: 'pause-reasons',
    title: 'Pause reasons',
    summary: 'The reasons agents choose when they pause, edited and saved as one list.',
    component: () => import('../admin/pause-reasons/PauseReasonsView.vue'),
  },
  {
    slug: 'phones',
    title: 'IP phones',
    summary: 'Auto-provisioned phones: add them in bulk from a CSV file, reassign or remove them.',
    component: () => import('../admin/phones/PhonesView.vue'),
  },
  {
    slug: 'inbound-routes',
    title: 'Inbound routes',
    summary: 'Which outside calls each route takes and where they go (read only).',
    component: () => import('../admin/inbound-routes/InboundRoutesView.vue'),
  },
  {
    slug: 'company-contacts',
    title: 'Company contacts',
    summary: 'The shared contacts: find one and see its numbers, phonebooks and remark.',
    component: () => import('../admin/company-contacts/CompanyContactsView.vue'),
  },
  {
    slug: 'message-channels',
    title: 'Message channels',
    summary: 'Whether each SMS and chat channel works, its message counts and routing; sessions by id.',
    component: () => import('../admin/message-channels/MessageChannelsView.vue'),
  },
  {
    slug: 'contact-points',
    title: 'Contact points',
    summary:
      'Where alerts go when nobody is watching: webhooks, Slack, Teams, email and phone notifications.',
    component: () => import('../admin/contact-points/ContactPointsView.vue'),
  },
];

/** The admin area's address of a section. */
export const adminPath = (slug: string): string => `/console/admin/${slug}`;
