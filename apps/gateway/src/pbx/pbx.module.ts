import { Global, Module } from '@nestjs/common';
import { CdrSearchService } from './cdr-search.service.js';
import { PbxConnectionService } from './pbx-connection.service.js';
import { PbxSystemNoticesService } from './pbx-system-notices.service.js';

/**
 * The one PBX connection, and cdr/search on whatever firmware the PBX runs, injectable everywhere; the PBX's
 * system notices logged.
 */
@Global()
@Module({
  providers: [PbxConnectionService, CdrSearchService, PbxSystemNoticesService],
  exports: [PbxConnectionService, CdrSearchService],
})
export class PbxModule {}
