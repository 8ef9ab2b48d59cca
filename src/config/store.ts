// Writes the config through conf with a TOML serializer. conf's write goes through `atomically`: a temp file
// created with mode 0600 next to config.toml, fsynced, then renamed over it — so a crash mid-write leaves either
// the old or the new file, never a torn one. conf creates missing directories with the default mode, so the
// directory is created (and tightened) to 0700 here first.
import {chmodSync, mkdirSync} from 'node:fs';
import Conf from 'conf';
import {configDir, CONFIG_FILE_NAME} from './paths.js';
import {formatConfig, parseConfigText, toConfigFile, type ConfigFile} from './file.js';

export class ConfigStore {
  readonly path: string;
  readonly #conf: Conf<Record<string, unknown>>;

  constructor(readonly dir: string = configDir()) {
    mkdirSync(dir, {recursive: true, mode: 0o700});
    chmodSync(dir, 0o700);
    const path = `${dir}/${CONFIG_FILE_NAME}`;
    this.#conf = new Conf<Record<string, unknown>>({
      cwd: dir,
      configName: 'config',
      fileExtension: 'toml',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      serialize: (value) => formatConfig(toConfigFile(value, path)),
      deserialize: (text) => parseConfigText(text, path) as unknown as Record<string, unknown>,
    });
    this.path = this.#conf.path;
  }

  read(): ConfigFile {
    return toConfigFile({...this.#conf.store}, this.path);
  }

  write(config: ConfigFile): void {
    this.#conf.store = config as unknown as Record<string, unknown>;
  }

  /** Read, change, write: the change function edits the config it is given. */
  update(change: (config: ConfigFile) => void): ConfigFile {
    const config = this.read();
    change(config);
    this.write(config);
    return config;
  }
}
