import { Injectable, type INestApplication, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi-document.js';

/** Where the docs live. */
export const API_DOCS_PATH = 'api/docs';
export const API_DOCS_JSON_PATH = 'api/docs-json';

/**
 * Serves Swagger UI at /api/docs and the document at /api/docs-json. Registered during module init (before
 * Nest adds its not-found handler), so the module is self-contained and needs nothing from create-app.
 * SwaggerModule.setup only uses the HTTP adapter and static assets of the application it is given.
 */
@Injectable()
export class ApiDocsRegistrar implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter;
    const host = {
      getHttpAdapter: () => adapter,
      useStaticAssets: (path: string, options: object) => adapter.useStaticAssets?.(path, options),
    };
    SwaggerModule.setup(API_DOCS_PATH, host as unknown as INestApplication, buildOpenApiDocument, {
      jsonDocumentUrl: API_DOCS_JSON_PATH,
      raw: ['json'],
    });
  }
}
