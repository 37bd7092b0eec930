import os from 'node:os';

/**
 * The default MQTT client id of an instance: its host name and HTTP port, so it is the same after
 * every restart (the broker resumes the session and hands over what it queued) and differs between
 * instances (two clients with one id would keep disconnecting each other). MQTT_CLIENT_ID overrides
 * it, for instance where containers get a new host name on every start.
 */
export function defaultMqttClientId(port: number, hostname = os.hostname()): string {
  const host = hostname.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64) || 'host';
  return `voltguard-${host}-${port}`;
}
