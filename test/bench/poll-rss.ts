// The RSS row of the watch suite, in a process of its own (`node --expose-gc --import tsx poll-rss.ts <url> <key> <cycles>`):
// nothing else allocates here, so what RSS does is what polling does. One react-query observer (the UI's query
// client, the API client) polls the regions endpoint at a 1 ms interval. After a warm-up that lets V8 size its
// young generation, it samples RSS and the heap after a full GC every SAMPLE_EVERY cycles over <cycles> cycles
// and prints the growth as JSON: median of the last WINDOW samples minus the median of the first WINDOW. One sample
// can sit a few MB off (pages V8 has not handed back yet); a leak moves every sample after it, so the medians see it.
import {QueryObserver} from '@tanstack/query-core';
import {createApi} from '../../src/api/client.js';
import {accountQueries} from '../../src/queries/account.js';
import {createQueryClient} from '../../src/ui/queryClient.js';

const WARM_UP = 4_000;
const SAMPLE_EVERY = 250;
const WINDOW = 5;

const [url, key, count] = process.argv.slice(2);
const POLL_CYCLES = Number(count);
if (url === undefined || key === undefined || !(POLL_CYCLES > 0)) throw new Error('usage: poll-rss.ts <service url> <api key> <cycles>');
const gc = (globalThis as {gc?: () => void}).gc;
if (gc === undefined) throw new Error('poll-rss.ts needs node --expose-gc');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rss: number[] = [];
const heap: number[] = [];
const sample = (keep: boolean) => {
  gc();
  gc(); // the second pass frees what the first one's finalizers released
  if (!keep) return;
  const m = process.memoryUsage();
  rss.push(m.rss / 1024 / 1024);
  heap.push(m.heapUsed / 1024 / 1024);
};

const api = createApi({baseUrl: url, token: key});
const client = createQueryClient();
const observer = new QueryObserver(client, {...accountQueries.regions(api), staleTime: 0, refetchInterval: 1} as never);
let cycles = 0;
await new Promise<void>((resolve) => {
  const unsubscribe = observer.subscribe((r) => {
    if (r.fetchStatus !== 'idle' || r.dataUpdatedAt === 0) return;
    cycles++;
    const measured = cycles - WARM_UP;
    // The warm-up runs the same full GCs, so the young generation has its steady size before the first sample.
    if (cycles % SAMPLE_EVERY === 0) sample(measured >= 0);
    if (measured === POLL_CYCLES) {
      unsubscribe();
      resolve();
    }
  });
});
client.clear();
const growth = (xs: number[]) => median(xs.slice(-WINDOW)) - median(xs.slice(0, WINDOW));
process.stdout.write(`${JSON.stringify({cycles: cycles - WARM_UP, samples: rss.length, rssGrowthMb: growth(rss), heapGrowthMb: growth(heap)})}\n`);
