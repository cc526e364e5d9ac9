import { Global, Module } from '@nestjs/common';
import { CdrSearchService } from './cdr-search.service.js';
import { PbxConnectionService } from './pbx-connection.service.js';

/** The one PBX connection, and cdr/search on whatever firmware the PBX runs, injectable everywhere. */
@Global()
@Module({
  providers: [PbxConnectionService, CdrSearchService],
  exports: [PbxConnectionService, CdrSearchService],
})
export class PbxModule {}
