import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** A generated password that also satisfies the strong-password rule (8–18, upper, lower, digit, special). */
export function generatePassword(): string {
  return `${randomBytes(9).toString('base64url')}Aa1!`;
}

export const CREDENTIALS_FILE = 'initial-passwords.txt';

/** Written once, readable only by the owner: the generated passwords are printed once and kept here. */
export function writeCredentialsFile(dataDir: string, lines: { name: string; password: string; note: string }[]): string {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  const text = lines.map((l) => `${l.name}\t${l.password}\t${l.note}`).join('\n') + '\n';
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}
