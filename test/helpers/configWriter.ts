// Child process for the crash test: rewrites the config as fast as it can until it is killed. It says `ready`
// once the first write is in place, so a kill however early (a loaded machine) finds a config to check.
import {ConfigStore} from '../../src/config/store.js';

const dir = process.argv[2] ?? '';
const store = new ConfigStore(dir);
const big = 'k'.repeat(4000);
const write = (i: number) =>
  store.write({
    default_context: i % 2 === 0 ? 'even' : 'odd',
    contexts: {even: {url: 'https://even.example', api_key: `${big}${i}`}, odd: {url: 'https://odd.example', api_key: `${i}`}},
  });
write(0);
process.stdout.write('ready\n');
for (let i = 1; ; i++) write(i);
