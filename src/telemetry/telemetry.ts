// Anonymous usage telemetry: one event per command run — which command group, whether it succeeded, the CLI
// version, platform and architecture, a hashed machine id and the time. Never arguments, paths, URLs, names or
// credentials. Sent only when an endpoint is configured (SVC_TELEMETRY_URL: svc has no collector of its own),
// never under CI or with SVC_NO_TELEMETRY. A detached child process sends the batch (2 s timeout, best effort),
// so the command never waits for it.
import {spawn} from 'node:child_process';
import {createHash, randomUUID} from 'node:crypto';
import {mkdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {configDir} from '../config/paths.js';
import {writePrivateFile} from '../files/privateFile.js';
import {envFlag} from '../lib/envFlag.js';
import {VERSION} from '../version.js';

export interface TelemetryEvent {
  event: string;
  command: string;
  success: boolean;
  cliVersion: string;
  platform: string;
  arch: string;
  anonymousId: string;
  clientTimestamp: string;
}

/** The endpoint to send to, or undefined when telemetry is off. */
export function telemetryUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (envFlag(env.CI) || envFlag(env.SVC_NO_TELEMETRY)) return undefined;
  const url = env.SVC_TELEMETRY_URL?.trim();
  return url ? url : undefined;
}

/** sha256 of the OS machine id, or of an id generated once and kept in the config directory. */
export function anonymousId(env: NodeJS.ProcessEnv = process.env, machineIdFile = '/etc/machine-id'): string {
  let id = '';
  try {
    id = readFileSync(machineIdFile, 'utf8').trim();
  } catch {
    // No machine id (macOS, Windows, containers): fall back to our own.
  }
  if (id === '') {
    const dir = configDir(env);
    const file = join(dir, 'anonymous-id');
    try {
      id = readFileSync(file, 'utf8').trim();
    } catch {
      id = randomUUID();
      try {
        mkdirSync(dir, {recursive: true, mode: 0o700});
        writePrivateFile(file, `${id}\n`, {replace: false});
      } catch {
        // Unwritable config directory: the id is then per run, which is still anonymous.
      }
    }
  }
  return createHash('sha256').update(id).digest('hex');
}

export function commandEvent(command: string, success: boolean, env: NodeJS.ProcessEnv = process.env, now = new Date()): TelemetryEvent {
  return {
    event: 'svc command',
    command,
    success,
    cliVersion: VERSION,
    platform: process.platform,
    arch: process.arch,
    anonymousId: anonymousId(env),
    clientTimestamp: now.toISOString(),
  };
}

// Runs in the detached child: POST the batch, give up after 2 s, ignore every failure.
const SENDER = `await fetch(process.env.SVC_TELEMETRY_URL, {method: 'POST', headers: {'content-type': 'application/json'},
  body: process.env.SVC_TELEMETRY_BATCH, signal: AbortSignal.timeout(2000)}).catch(() => {});`;

export function sendDetached(url: string, events: TelemetryEvent[]): void {
  try {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SENDER], {
      env: {SVC_TELEMETRY_URL: url, SVC_TELEMETRY_BATCH: JSON.stringify(events)},
      detached: true,
      stdio: 'ignore',
    });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Best effort: telemetry never fails a command.
  }
}
