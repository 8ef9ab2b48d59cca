// Saved contexts for the Contexts screen: names and URLs only (the credential never leaves config/), and
// switching the default one through the config store's atomic write.
import {readConfigFile} from '../config/file.js';
import {configPath} from '../config/paths.js';

export interface SavedContext {
  name: string;
  url: string;
  isDefault: boolean;
}

export function listSavedContexts(): SavedContext[] {
  const config = readConfigFile(configPath());
  return Object.keys(config.contexts)
    .sort()
    .map((name) => ({name, url: config.contexts[name]?.url ?? '', isDefault: name === config.default_context}));
}

/** Makes `name` the default context; refuses a name the config does not hold. */
export async function switchDefaultContext(name: string): Promise<void> {
  // conf (and its validator) loads only when something is written.
  const {ConfigStore} = await import('../config/store.js');
  const store = new ConfigStore();
  if (!(name in store.read().contexts)) throw new Error(`context \`${name}\` not found (run \`svc login --name ${name}\`)`);
  store.update((c) => {
    c.default_context = name;
  });
}
