/**
 * Hands a gateway link (a short-lived ticket URL) to the browser as a download: a hidden `<a download>` is
 * clicked, so the browser streams the file to disk instead of the page holding it in memory.
 */
export function startDownload(url: string, fileName = ''): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
