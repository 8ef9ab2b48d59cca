// Writes the config through THE private-file writer (files/privateFile.ts): a new 0600 temp file beside
// config.toml, created exclusively without following links, fsynced, then renamed over it, so a crash mid-write
// leaves either the old or the new file, never a torn one, and a link planted at the name is replaced, not
// followed. The directory is created (and tightened) to 0700 first.
import {chmodSync, mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {writePrivateFile} from '../files/privateFile.js';
import {configDir, CONFIG_FILE_NAME} from './paths.js';
import {formatConfig, readConfigFile, type ConfigFile} from './file.js';

export class ConfigStore {
  readonly path: string;

  constructor(readonly dir: string = configDir()) {
    mkdirSync(dir, {recursive: true, mode: 0o700});
    chmodSync(dir, 0o700);
    this.path = join(dir, CONFIG_FILE_NAME);
    // A broken file is reported now, before anything is changed.
    this.read();
  }

  read(): ConfigFile {
    return readConfigFile(this.path);
  }

  write(config: ConfigFile): void {
    writePrivateFile(this.path, formatConfig(config), {replace: true});
  }

  /** Read, change, write: the change function edits the config it is given. */
  update(change: (config: ConfigFile) => void): ConfigFile {
    const config = this.read();
    change(config);
    this.write(config);
    return config;
  }
}
