import { it } from 'vitest';
import { signedInPage, startStack } from '../support/stack.js';
import { requestJson } from '../../tools/harness/http.mjs';

it('debug', async () => {
  const stack = await startStack({ simulator: { scenario: 'contact-center', trafficRate: 0 }, gatewayEnv: { ALERT_TARGETS_ALLOWED: '127.0.0.1' } });
  try {
    await requestJson(`${stack.gateway.url}/api/alert-channels`, { method: 'POST', token: stack.adminToken, body: { kind: 'webhook', name: 'Receiver', url: 'http://127.0.0.1:9/hook', queues: 'all' } });
    const page = await signedInPage(stack, { width: 768, height: 1024 }, 'admin', '/console/admin/contact-points');
    await page.getByTestId('contact-point-row').waitFor();
    const wide = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1) out.push(`${el.tagName}.${el.className} ${Math.round(r.right)} ${el.getAttribute('data-testid') ?? ''}`);
      }
      return out.slice(0, 30);
    });
    console.log(wide.join('\n'));
    await page.screenshot({ path: '/tmp/look-alerts/debug-768.png', fullPage: true });
    await page.getByTestId('contact-point-new').click();
    await page.screenshot({ path: '/tmp/look-alerts/debug-768-form.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: '/tmp/look-alerts/debug-1366-form.png', fullPage: true });
  } finally {
    await stack.close();
  }
});
