import type { Role } from '@switchboard/live-protocol';
import type { RouteRecordRaw } from 'vue-router';
import { ADMIN_SECTIONS, adminPath } from './admin-sections.js';

declare module 'vue-router' {
  interface RouteMeta {
    /** Needs a signed-in person (password session). */
    requiresLogin?: boolean;
    /** Needs a session or a display link (`?display=`). */
    requiresViewer?: boolean;
    /** Runs inside other sites' iframes: never navigates away, signs in inline. */
    embed?: boolean;
    /** Needs at least this role (with `requiresLogin`); others are sent to a page that says why. */
    requiresRole?: Role;
  }
}

/** Every page; each view is its own chunk, so a wallboard TV never loads the console. */
export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/console' },
  { path: '/login', name: 'login', component: () => import('../views/LoginView.vue') },
  {
    path: '/console',
    name: 'console',
    component: () => import('../views/ConsoleView.vue'),
    meta: { requiresLogin: true },
  },
  {
    path: '/console/calls',
    name: 'calls',
    component: () => import('../views/CallsView.vue'),
    meta: { requiresLogin: true, requiresRole: 'supervisor' },
  },
  {
    path: '/console/calls/:id',
    name: 'call-detail',
    component: () => import('../views/CallDetailView.vue'),
    props: true,
    meta: { requiresLogin: true, requiresRole: 'supervisor' },
  },
  {
    path: '/console/display-links',
    name: 'display-links',
    component: () => import('../admin/display-links/DisplayLinksView.vue'),
    meta: { requiresLogin: true, requiresRole: 'admin' },
  },
  {
    path: '/console/admin',
    name: 'admin',
    component: () => import('../admin/AdminHomeView.vue'),
    meta: { requiresLogin: true, requiresRole: 'admin' },
  },
  // One admins-only route per admin screen (router/admin-sections.ts).
  ...ADMIN_SECTIONS.map((section): RouteRecordRaw => ({
    path: adminPath(section.slug),
    name: `admin-${section.slug}`,
    component: section.component,
    props: section.props ?? false,
    meta: { requiresLogin: true, requiresRole: 'admin' },
  })),
  // No sign-in: the token in the fragment is the key (an alert message's Acknowledge link).
  {
    path: '/acknowledge',
    name: 'acknowledge',
    component: () => import('../views/AcknowledgeView.vue'),
  },
  {
    path: '/not-allowed',
    name: 'not-allowed',
    component: () => import('../views/NotAllowedView.vue'),
  },
  {
    path: '/wallboard',
    name: 'wallboard',
    component: () => import('../views/WallboardView.vue'),
    meta: { requiresViewer: true },
  },
  {
    path: '/embed/queue/:id(\\d+)',
    name: 'embed-queue',
    component: () => import('../views/EmbedQueueView.vue'),
    props: true,
    meta: { embed: true },
  },
  {
    path: '/embed/agents/:id(\\d+)',
    name: 'embed-agents',
    component: () => import('../views/EmbedAgentsView.vue'),
    props: true,
    meta: { embed: true },
  },
  {
    path: '/embed/prompts',
    name: 'embed-prompts',
    component: () => import('../views/EmbedPromptsView.vue'),
    meta: { embed: true },
  },
  { path: '/:pathMatch(.*)*', name: 'not-found', component: () => import('../views/NotFoundView.vue') },
];
