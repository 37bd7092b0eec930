import type { FastifyInstance } from 'fastify';
import { secretFromDatabase, secretFromFile } from '../store/serverSecrets';

const LOGIN_SECRET = 'login-salt';

/**
 * The secret the salts shown for unknown user names derive from: a file on SQLite; on PostgreSQL a
 * row of server_secret, so every instance of a scaled-out installation answers the same salt.
 */
export async function loginSecret(app: FastifyInstance, dataDir: string): Promise<Buffer> {
  if (app.store.dialect !== 'postgres') return secretFromFile(dataDir, 'login-secret');
  return (await secretFromDatabase(app.db, LOGIN_SECRET))!;
}
