// Screen registry: id → component, with the names the `:` palette offers. The SCREENS engineer fills
// SCREENS (components live in /screens, loaded lazily so the shell paints before every screen is parsed).
import type {ComponentType} from 'react';
import type {ScreenParams} from './nav/navReducer.js';

/** What every screen component receives. Size comes from useBodySize(), keys from useKeys('screen', …). */
export interface ScreenProps {
  /** Params of the whole navigation stack, nearest entry winning: {deploymentId, deploymentName, …}. */
  readonly params: ScreenParams;
}

export interface ScreenDef {
  /** Also the keymap scope `screen:<id>` for the screen's own keys. */
  readonly id: string;
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
  /** Listed in the palette. @default true */
  readonly palette?: boolean;
  readonly component: ComponentType<ScreenProps>;
}

export const SCREENS: readonly ScreenDef[] = [];
