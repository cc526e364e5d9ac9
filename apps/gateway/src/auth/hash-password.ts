/**
 * Prints the hash of a password for the USERS setting, as a PHC string that names its algorithm and cost
 * (`$scrypt$ln=17,r=8,p=1$<salt>$<key>`, see password-hasher.ts; hashes in the older `scrypt$<salt>$<key>`
 * format keep working):
 *   npm run hash-password            (asks, without echoing what you type)
 *   printf '%s' "$PW" | npm run hash-password
 * The password is read from standard input, never from the command line, so it stays out of shell history
 * and process lists.
 */
import { pathToFileURL } from 'node:url';
import { hashPassword } from './password-hasher.js';

/** The password in what was typed or piped: the first line, without its line ending. */
export function passwordFromInput(input: string): string {
  return input.split(/\r?\n/)[0] ?? '';
}

function readPiped(stdin: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stdin.on('error', reject);
  });
}

/** Reads one line from a terminal without echoing it. */
function readHidden(stdin: NodeJS.ReadStream, prompt: string): Promise<string> {
  process.stderr.write(prompt);
  return new Promise((resolve) => {
    let typed = '';
    stdin.setRawMode(true);
    stdin.resume();
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') process.exit(130);
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  const stdin = process.stdin;
  const password = stdin.isTTY
    ? await readHidden(stdin, 'Password: ')
    : passwordFromInput(await readPiped(stdin));
  if (password === '') {
    process.stderr.write('No password given: type one, or pipe it into standard input.\n');
    process.exit(2);
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`hash-password failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
