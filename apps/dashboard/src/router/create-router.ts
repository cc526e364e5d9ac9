import type { Role } from '@switchboard/live-protocol';
import {
  createRouter,
  createWebHistory,
  type RouteLocationNormalized,
  type Router,
  type RouterHistory,
} from 'vue-router';
import { useSessionStore } from '../stores/session.store.js';
import { routes } from './routes.js';

/** Where a page that needs a session sends someone who has none. */
export function guard(
  to: Pick<RouteLocationNormalized, 'meta' | 'query' | 'fullPath'>,
  hasToken: boolean,
): true | { name: 'login'; query: { redirect: string } } {
  const hasDisplay = typeof to.query['display'] === 'string' && to.query['display'] !== '';
  if (to.meta.requiresLogin && !hasToken) return { name: 'login', query: { redirect: to.fullPath } };
  if (to.meta.requiresViewer && !hasToken && !hasDisplay)
    return { name: 'login', query: { redirect: to.fullPath } };
  return true;
}

const RANK: Record<Role, number> = { viewer: 0, supervisor: 1, admin: 2 };

/**
 * Where a page that needs a role sends someone signed in without it: a page naming the role needed and
 * the one they have (`null`: the gateway could not say who they are, which refuses too).
 */
export function roleGuard(
  to: Pick<RouteLocationNormalized, 'meta' | 'fullPath'>,
  role: Role | null,
): true | { name: 'not-allowed'; query: { from: string; need: Role } } {
  const need = to.meta.requiresRole;
  if (!need || (role !== null && RANK[role] >= RANK[need])) return true;
  return { name: 'not-allowed', query: { from: to.fullPath, need } };
}

/** The app's router: history mode (the gateway falls back to index.html), guarded by the session. */
export function createAppRouter(history: RouterHistory = createWebHistory('/')): Router {
  const router = createRouter({ history, routes });
  router.beforeEach(async (to) => {
    const session = useSessionStore();
    const signedIn = guard(to, session.token !== null);
    if (signedIn !== true || !to.meta.requiresRole) return signedIn;
    const who = await session.whoAmI();
    if (!who.ok && who.error.code === 'unauthorized') return guard(to, false);
    return roleGuard(to, who.ok && !session.isDisplay ? who.data.role : null);
  });
  return router;
}
