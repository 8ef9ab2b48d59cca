// Which keys the footer and help offer for the view on show: a view's own scope, the actions its object does not
// allow, and what Enter does on its list.
import {useLayoutEffect} from 'react';
import {useChromeSetters} from './chrome.js';

/**
 * The calling view covers its screen and has its own keys (`screen:<scope>` bindings, none at all for a plain
 * detail view): the footer and help show those instead of the screen's, which do not act under it.
 */
export function useKeyScope(scope: string): void {
  const {setFeatures} = useChromeSetters();
  useLayoutEffect(() => {
    setFeatures((f) => ({...f, keyScope: scope}));
    return () => setFeatures((f) => ({...f, keyScope: undefined}));
  }, [scope, setFeatures]);
}

/**
 * Takes the screen's actions the object on screen does not allow out of the footer and help (the key still says
 * why when pressed): a screen shown for several kinds of object shows only the keys that act on this one.
 */
export function useUnavailableActions(ids: readonly string[]): void {
  const {setFeatures} = useChromeSetters();
  const key = ids.join(' ');
  useLayoutEffect(() => {
    const list = key === '' ? [] : key.split(' ');
    setFeatures((f) => ({...f, unavailable: list}));
    return () => setFeatures((f) => ({...f, unavailable: undefined}));
  }, [key, setFeatures]);
}

/** Publishes what Enter does on the calling list (the footer's `Enter <label>`); undefined: nothing. */
export function useOpenLabel(label: string | undefined): void {
  const {setFeatures} = useChromeSetters();
  useLayoutEffect(() => {
    setFeatures((f) => (f.open === label ? f : {...f, open: label}));
    return () => setFeatures((f) => ({...f, open: undefined}));
  }, [label, setFeatures]);
}
