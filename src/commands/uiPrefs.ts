// The console's `[ui]` settings from the config file, and the writer of its pins (`*` on a deployment row): read once
// when `svc ui` starts; a pin is written through the config store (conf: atomic, 0600), loaded on the first pin so
// the console's start does not pay for it.
import {readConfigFile, type UiSettings} from '../config/file.js';
import {configPath} from '../config/paths.js';
import type {UiPrefs} from '../ui/activity/ActivityFeedProvider.js';

export function uiPrefs(): UiPrefs {
  let ui: UiSettings = {};
  try {
    ui = readConfigFile(configPath()).ui ?? {};
  } catch {
    // A config that does not parse: the defaults here; connecting reports the file (its credentials are there too).
  }
  return {
    ...(ui.notify !== undefined && {notify: ui.notify}),
    ...(ui.bell !== undefined && {bell: ui.bell}),
    pinsOf: (context) => ui.pins?.[context] ?? [],
    async savePins(context, ids) {
      const {ConfigStore} = await import('../config/store.js');
      const saved = new ConfigStore().update((config) => {
        config.ui = {...config.ui, pins: {...config.ui?.pins, [context]: [...ids]}};
      });
      ui = saved.ui ?? {};
    },
  };
}
