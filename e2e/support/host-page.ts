import { createServer, type Server } from 'node:http';

/** A stand-in intranet site: one HTML page on its own origin (`http://127.0.0.1:<port>`). */
export interface HostPage {
  origin: string;
  /** Sets the HTML served at `/` from now on. */
  setHtml(html: string): void;
  close(): Promise<void>;
}

/** Starts a tiny web server on a free port of 127.0.0.1 that serves one HTML page at `/`. */
export async function startHostPage(): Promise<HostPage> {
  let html = '<!doctype html><title>empty</title>';
  const server: Server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the host page server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    setHtml: (next) => (html = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An intranet-like page that embeds `src` in an iframe. */
export function intranetPage(title: string, src: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <style>
      body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #eef1f5; color: #1c2430; }
      header { background: #1f4e79; color: #fff; padding: 14px 28px; font-size: 20px; font-weight: 600; }
      main { padding: 20px 28px; }
      iframe { display: block; width: 100%; height: 300px; border: 1px solid #b9c3cf; border-radius: 6px; }
    </style>
  </head>
  <body>
    <header>${title}</header>
    <main>
      <p>Sales team today: live figures from the phone system.</p>
      <iframe id="board" title="Sales queue" src="${src}"></iframe>
    </main>
  </body>
</html>`;
}
