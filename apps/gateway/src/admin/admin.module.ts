import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminPbxController } from './admin-pbx.controller.js';
import { ApiDocsRegistrar } from './api-docs.registrar.js';

/** Admin REST for every PBX operation, and its OpenAPI documentation. */
@Module({ imports: [AuthModule], controllers: [AdminPbxController], providers: [ApiDocsRegistrar] })
export class AdminModule {}
