import { Module } from '@nestjs/common';
import { DashboardStaticRegistrar } from './dashboard-static.registrar.js';

/** The built dashboard, served by the gateway (DASHBOARD_DIR, or apps/dashboard/dist when it exists). */
@Module({ providers: [DashboardStaticRegistrar] })
export class DashboardStaticModule {}
