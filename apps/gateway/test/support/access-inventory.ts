import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import ts from 'typescript';

/** A route the HTTP server answers: method (`ALL` for a route of every method) and Express path pattern. */
export interface HttpRoute {
  method: string;
  path: string;
}

/** Express's router, as far as the inventory reads it. */
interface ExpressRouter {
  stack: { route?: { path: unknown; methods: Record<string, boolean> } }[];
}

/** More methods than any endpoint lists: a route registered with `all()` (Nest does so for middleware). */
const ALL_METHODS_THRESHOLD = 20;

/**
 * Every route registered on the running app's HTTP adapter (controllers, Swagger, anything added later),
 * read from Express's router: the source of truth for what a request can reach.
 */
export function registeredRoutes(app: INestApplication): HttpRoute[] {
  const express = app.getHttpAdapter().getInstance() as { router?: ExpressRouter };
  if (!express.router) throw new Error('the HTTP adapter has no Express router to read routes from');
  const routes: HttpRoute[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const path = String(layer.route.path);
    const methods = Object.keys(layer.route.methods).filter((m) => layer.route?.methods[m]);
    if (methods.length > ALL_METHODS_THRESHOLD || methods.includes('_all'))
      routes.push({ method: 'ALL', path });
    else for (const method of methods) routes.push({ method: method.toUpperCase(), path });
  }
  return routes;
}

/** The socket messages every @WebSocketGateway of the app subscribes to (@SubscribeMessage), from Nest's metadata. */
export function subscribedMessages(app: INestApplication): string[] {
  const scanner = new MetadataScanner();
  const messages = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.providers.values()) {
      const { metatype, instance } = wrapper;
      // Nest's own constants (@nestjs/websockets/constants): GATEWAY_METADATA, MESSAGE_MAPPING_METADATA, MESSAGE_METADATA.
      if (!metatype || !instance || !Reflect.getMetadata('websockets:is_gateway', metatype)) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        if (!Reflect.getMetadata('websockets:message_mapping', handler)) continue;
        messages.add(String(Reflect.getMetadata('message', handler)));
      }
    }
  }
  return [...messages].sort();
}

const LIVE_PROTOCOL_SRC = new URL('../../../../libs/live-protocol/src/', import.meta.url);

/**
 * The member names of an interface declared in a live-protocol source file, read with the TypeScript
 * parser: `ClientToServerEvents` of socket-events.ts, `StreamTypes` of streams.ts. The contract itself is
 * the list, so a command or stream kind added there shows up here without anyone listing it again.
 */
export function contractKeys(file: 'socket-events.ts' | 'streams.ts', name: string): string[] {
  const path = fileURLToPath(new URL(file, LIVE_PROTOCOL_SRC));
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  if (!found) throw new Error(`${file} declares no interface ${name}`);
  return found.members.map((member) => {
    const key = member.name;
    if (!key || !(ts.isIdentifier(key) || ts.isStringLiteral(key)))
      throw new Error(`${name} has a member whose name is not a plain key`);
    return key.text;
  });
}
