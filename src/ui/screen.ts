// What a screen is to the shell: the props every screen receives and the registry entry that names it. The
// registry itself (screens/index.ts) lives with the screens; `svc ui` passes it to the App.
import {createElement, lazy, type ComponentType} from 'react';
import type {ScreenParams} from './nav/navReducer.js';

/** What every screen component receives. Size comes from useBodySize(), keys from useKeys('screen', …). */
export interface ScreenProps {
  /** Params of the whole navigation stack, nearest entry winning: {deploymentId, deploymentName, …}. */
  readonly params: ScreenParams;
}

export interface ScreenDef {
  /** Also the keymap scope `screen:<id>` for the screen's own keys (unless keyScope names another). */
  readonly id: string;
  /** Keymap scope `screen:<keyScope>` when several screens share one kind's keys. @default id */
  readonly keyScope?: string;
  /** Title line fallback and help heading: 'Deployments'. */
  readonly title: string;
  /** Palette name, what Tab completes to: 'deployments'. */
  readonly name: string;
  /** Palette aliases: ['dp']. */
  readonly aliases: readonly string[];
  /** Params the screen cannot work without (from the stack); the palette refuses the jump when one is missing. */
  readonly needs?: readonly string[];
  /** Crumb text for an entry of this screen. @default title */
  readonly crumb?: (params: ScreenParams) => string;
  /**
   * The palette takes a word after the name (`:ctx staging`) and opens the screen with it as this param; `label`
   * says what it does with it ('switch to context').
   */
  readonly argument?: {readonly param: string; readonly label: string};
  /** Listed in the palette. @default true */
  readonly palette?: boolean;
  readonly component: ComponentType<ScreenProps>;
  /** Loads the component ahead of its first render (lazily loaded screens). */
  readonly preload?: () => Promise<void>;
}

/**
 * A screen whose module loads on first use. Once loaded it renders directly, without suspending: React 19 holds
 * back the reveal of a Suspense boundary that has shown its fallback (up to 300 ms), which made the first screen
 * of `svc ui` appear visibly later than its rows had arrived. `preload` loads the module ahead of time.
 */
export function lazyScreen(load: () => Promise<ComponentType<ScreenProps>>): Pick<ScreenDef, 'component' | 'preload'> {
  let loaded: ComponentType<ScreenProps> | undefined;
  let pending: Promise<ComponentType<ScreenProps>> | undefined;
  const get = () => (pending ??= load().then((c) => (loaded = c)));
  const Lazy = lazy(async () => ({default: await get()}));
  const component = (props: ScreenProps) => createElement(loaded ?? Lazy, props);
  return {component, preload: async () => void (await get())};
}
