import { Module } from '@nestjs/common';
import { DashboardBuild } from './dashboard-build.js';

/** The id of the served dashboard build, for the live streams' `hello`. */
@Module({ providers: [DashboardBuild], exports: [DashboardBuild] })
export class DashboardBuildModule {}
