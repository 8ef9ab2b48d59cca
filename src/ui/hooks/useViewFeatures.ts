// What the view on show has that shell keys act on: `/` only filters a list or a log, the pager keys only page a
// log. Counted, since a screen may show two such views.
import {useLayoutEffect} from 'react';
import {useChromeSetters} from './chrome.js';

function useFeature(name: 'filterable' | 'pager' | 'searchable', on: boolean): void {
  const {setFeatures} = useChromeSetters();
  // Layout effects: the shell's keys must see the feature as soon as the view is on screen.
  useLayoutEffect(() => {
    if (!on) return;
    setFeatures((f) => ({...f, [name]: (f[name] ?? 0) + 1}));
    return () => setFeatures((f) => ({...f, [name]: (f[name] ?? 0) - 1}));
  }, [name, on, setFeatures]);
}

/** The calling pager's `/` searches (the footer and the `/` line say so). */
export function useSearchable(on = true): void {
  useFeature('searchable', on);
}

/** The calling view applies the `/` filter (DataTable and LogPager do); without one, `/` says there is nothing to filter. */
export function useFilterable(on = true): void {
  useFeature('filterable', on);
}

/** The calling view is a log pager: the footer and help offer its keys (follow, wrap). */
export function usePagerKeys(on = true): void {
  useFeature('pager', on);
}
