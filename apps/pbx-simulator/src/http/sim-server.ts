/**
 * The simulator's HTTP server: the PBX interface under /openapi, file downloads under /api/download,
 * the event WebSocket upgrade, and the /sim control surface. Malformed requests get an answer, never a crash.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';
import type { SimRoutes } from '../control/sim-routes.js';
import type { EventSocketServer } from '../events/event-socket.server.js';
import type { ApiRouter } from './api-router.js';
import { DOWNLOAD_PREFIX, handleDownload, type DownloadRouteOptions } from './download.route.js';
import { clientIp, requestUrl, sendJson } from './http-io.js';

/** The parts the server dispatches to. */
export interface SimServerParts {
  api: ApiRouter;
  sim: SimRoutes;
  download: DownloadRouteOptions;
  eventSockets: EventSocketServer;
  onInternalError?: (where: string, error: unknown) => void;
}

/** Path of the event WebSocket. */
export const SUBSCRIBE_PATH = '/openapi/v1.0/subscribe';

/** Creates the (not yet listening) server. */
export function createSimServer(parts: SimServerParts): http.Server {
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (request, response) => {
    dispatch(parts, request, response).catch((error: unknown) => {
      parts.onInternalError?.('http', error);
      sendJson(response, 500, { errcode: PBX_ERRCODE.FAILURE, errmsg: PBX_ERRMSG[PBX_ERRCODE.FAILURE] });
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(request);
    if (!url || url.pathname !== SUBSCRIBE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    try {
      parts.eventSockets.handleUpgrade(request, socket, head, url, clientIp(request));
    } catch (error) {
      parts.onInternalError?.('upgrade', error);
      socket.destroy();
    }
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

async function dispatch(
  parts: SimServerParts,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = requestUrl(request);
  if (!url) {
    request.resume();
    return sendJson(response, 400, {
      errcode: PBX_ERRCODE.FAILURE,
      errmsg: PBX_ERRMSG[PBX_ERRCODE.FAILURE],
      detail: 'malformed request target',
    });
  }
  const path = url.pathname;
  if (path.startsWith('/openapi/')) return parts.api.handle(request, response, url, clientIp(request));
  if (path.startsWith(DOWNLOAD_PREFIX))
    return handleDownload(request, response, url, clientIp(request), parts.download);
  if (path === '/sim' || path.startsWith('/sim/')) return parts.sim.handle(request, response, url);
  request.resume();
  sendJson(response, 404, {
    errcode: PBX_ERRCODE.NOT_FOUND,
    errmsg: PBX_ERRMSG[PBX_ERRCODE.NOT_FOUND],
    detail: 'the PBX interface is under /openapi/v1.0/, the control surface under /sim/',
  });
}
