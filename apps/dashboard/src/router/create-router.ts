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

/** The app's router: history mode (the gateway falls back to index.html), guarded by the session. */
export function createAppRouter(history: RouterHistory = createWebHistory('/')): Router {
  const router = createRouter({ history, routes });
  router.beforeEach((to) => guard(to, useSessionStore().token !== null));
  return router;
}
