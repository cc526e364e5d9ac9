import type { Browser, Page } from 'playwright-core';
import { launchChromium, newPage } from './browser.js';
import { signIn } from './dashboard-page.js';
import { signInApi } from './gateway-api.js';
import { startGateway, type GatewayProcess } from './gateway-process.js';
import { startSimulator, type SimulatorOptions, type SimulatorProcess } from './simulator-process.js';

/** What one test file runs against: a simulator, a gateway in front of it, one Chromium. */
export interface Stack {
  simulator: SimulatorProcess;
  gateway: GatewayProcess;
  browser: Browser;
  /** A session token of the demo admin, for admin REST calls. */
  adminToken: string;
  close(): Promise<void>;
}

/** Settings of a stack: simulator flags and extra gateway environment. */
export interface StackOptions {
  simulator?: SimulatorOptions;
  gatewayEnv?: Record<string, string>;
}

/** Starts simulator, gateway and browser; whatever started is stopped again when a later part fails. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const started: { stop(): Promise<void> }[] = [];
  const close = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    const simulator = await startSimulator(options.simulator);
    started.push(simulator);
    const gateway = await startGateway({
      pbxUrl: simulator.url,
      ...(options.gatewayEnv ? { env: options.gatewayEnv } : {}),
    });
    started.push(gateway);
    const browser = await launchChromium();
    started.push({ stop: () => browser.close() });
    const adminToken = await signInApi(gateway.url, 'admin', 'admin');
    return { simulator, gateway, browser, adminToken, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A new page of the stack's browser at `viewport`, signed in as the demo user `username` and on `target`. The
 * demo users' password is their name, but for the queue supervisors, who share `supervisor`.
 */
export async function signedInPage(
  stack: Stack,
  viewport: { width: number; height: number },
  username: string,
  target: string,
  password = username,
): Promise<Page> {
  const page = await newPage(stack.browser, viewport);
  await signIn(page, stack.gateway.url, username, password, target);
  return page;
}
