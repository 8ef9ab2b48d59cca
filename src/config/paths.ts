// Where svc keeps its per-user configuration.
import {homedir} from 'node:os';
import {isAbsolute, join, resolve} from 'node:path';

/**
 * `SVC_CONFIG_DIR` when set (tests always set it), else the platform's per-user config directory plus `svc`:
 * `$XDG_CONFIG_HOME/svc` or `~/.config/svc` on Linux and macOS, `%APPDATA%\svc` on Windows.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.SVC_CONFIG_DIR;
  if (override !== undefined && override !== '') return resolve(override);
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'svc');
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
  return join(base, 'svc');
}

export const CONFIG_FILE_NAME = 'config.toml';

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), CONFIG_FILE_NAME);
}
