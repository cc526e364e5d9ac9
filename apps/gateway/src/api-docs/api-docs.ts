import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi-document.js';

/** Where the docs live. */
export const API_DOCS_PATH = 'api/docs';
export const API_DOCS_JSON_PATH = 'api/docs-json';

/**
 * Serves Swagger UI at /api/docs and the document at /api/docs-json. Called by create-app between the HTTP
 * policy and init, so the routes sit behind the security headers and ahead of Nest's not-found handler. The
 * document is built from the application's controllers on the first request (when every module is loaded)
 * and kept.
 */
export function installApiDocs(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON_PATH,
    raw: ['json'],
  });
}
