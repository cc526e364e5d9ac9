import { Module } from '@nestjs/common';
import { UacstaService } from './uacsta.service.js';

/** uaCSTA desk-phone calls. */
@Module({ providers: [UacstaService], exports: [UacstaService] })
export class UacstaModule {}
