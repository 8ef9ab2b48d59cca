// The two ways a secret shown once (an issued token, a new key) leaves the screen: the clipboard and a private file.
import {resolve} from 'node:path';
import {writePrivateFile} from '../../src/files/privateFile.js';

/** OSC 52 "set clipboard": terminals that support it copy the text, even over SSH; others ignore it. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/** Writes the token readable only by its owner; resolves to the absolute path written. */
export async function writeTokenFile(path: string, token: string, cwd = process.cwd()): Promise<string> {
  const trimmed = path.trim();
  if (trimmed === '') throw new Error('type a file path to write the token to');
  const target = resolve(cwd, trimmed);
  // A new private file renamed into place: never written through a link planted at the name, never into an
  // existing file (one there is replaced by the new 0600 file).
  writePrivateFile(target, `${token}\n`, {replace: true});
  return target;
}
