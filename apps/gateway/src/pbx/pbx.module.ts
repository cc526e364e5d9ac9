import { Global, Module } from '@nestjs/common';
import { PbxConnectionService } from './pbx-connection.service.js';

/** The one PBX connection, injectable everywhere. */
@Global()
@Module({ providers: [PbxConnectionService], exports: [PbxConnectionService] })
export class PbxModule {}
