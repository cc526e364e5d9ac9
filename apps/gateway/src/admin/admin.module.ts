import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminPbxController } from './admin-pbx.controller.js';

/** Admin REST for every PBX operation. */
@Module({ imports: [AuthModule], controllers: [AdminPbxController] })
export class AdminModule {}
