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
export const ADMIN_SECTIONS: readonly AdminSection[] = [];

/** The admin area's address of a section. */
export const adminPath = (slug: string): string => `/console/admin/${slug}`;
