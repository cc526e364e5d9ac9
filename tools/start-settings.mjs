// What `npm start` will do, read from the environment: ports, and whether it runs the built-in simulator
// or a real PBX. Every problem is collected and reported at once, before anything is built or started.

/** @typedef {{ clientId: string, clientSecret: string }} DemoClient the simulator's published credentials */

/**
 * @typedef {object} StartPlan
 * @property {number} port               gateway port (SWITCHBOARD_PORT, else PORT, else 3000)
 * @property {string} host               gateway listen address (HOST, else 0.0.0.0)
 * @property {string} probeHost          where this machine reaches the gateway
 * @property {{ port: number } | null} simulator  null when a real PBX is configured
 * @property {string} pbxBaseUrl
 * @property {boolean} usersConfigured   USERS is set: no demo users, no demo display link
 */

/**
 * @param {string | undefined} raw
 * @param {string} name
 * @param {number} fallback
 * @param {string[]} problems
 */
function portSetting(raw, name, fallback, problems) {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    problems.push(`${name} must be a port number from 1 to 65535, got ${JSON.stringify(raw)}`);
    return fallback;
  }
  return value;
}

/**
 * Reads the plan; throws an Error listing every problem (`exitCode` 2, like the gateway's own settings).
 * @param {NodeJS.ProcessEnv} env
 * @returns {StartPlan}
 */
export function readStartPlan(env) {
  /** @type {string[]} */
  const problems = [];
  const port = portSetting(
    env.SWITCHBOARD_PORT ?? env.PORT,
    env.SWITCHBOARD_PORT ? 'SWITCHBOARD_PORT' : 'PORT',
    3000,
    problems,
  );
  const simPort = portSetting(env.SIM_PORT, 'SIM_PORT', 8088, problems);
  const host = env.HOST?.trim() || '0.0.0.0';
  const realPbx = env.PBX_BASE_URL?.trim() ?? '';
  if (realPbx !== '') {
    for (const key of ['PBX_CLIENT_ID', 'PBX_CLIENT_SECRET'])
      if (!env[key]?.trim())
        problems.push(`${key} is required with PBX_BASE_URL (the PBX's API client, see README)`);
  } else if (simPort === port) {
    problems.push(`SIM_PORT and the gateway port are both ${port}; choose two different ports`);
  }
  if (problems.length > 0)
    throw Object.assign(new Error(`npm start cannot run:\n${problems.map((p) => `  - ${p}`).join('\n')}`), {
      exitCode: 2,
    });
  return {
    port,
    host,
    probeHost: ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host,
    simulator: realPbx === '' ? { port: simPort } : null,
    pbxBaseUrl: realPbx === '' ? `http://127.0.0.1:${simPort}` : realPbx,
    usersConfigured: (env.USERS?.trim() ?? '') !== '',
  };
}

/**
 * The gateway's environment: the caller's, plus the simulator's address and demo credentials when it runs one.
 * The gateway logs at info at least so its `display link` line reaches start.mjs (which shows less).
 * @param {NodeJS.ProcessEnv} env
 * @param {StartPlan} plan
 * @param {DemoClient} demo
 */
export function gatewayEnv(env, plan, demo) {
  const level = env.LOG_LEVEL === 'debug' ? 'debug' : 'info';
  return {
    ...env,
    PORT: String(plan.port),
    HOST: plan.host,
    LOG_LEVEL: level,
    ...(plan.simulator
      ? { PBX_BASE_URL: plan.pbxBaseUrl, PBX_CLIENT_ID: demo.clientId, PBX_CLIENT_SECRET: demo.clientSecret }
      : {}),
  };
}

/**
 * The simulator's environment: the demo credentials, whatever PBX_SIM_* the caller has set for other uses.
 * @param {NodeJS.ProcessEnv} env
 * @param {DemoClient} demo
 */
export function simulatorEnv(env, demo) {
  return { ...env, PBX_SIM_CLIENT_ID: demo.clientId, PBX_SIM_CLIENT_SECRET: demo.clientSecret };
}
