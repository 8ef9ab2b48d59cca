// What a screen reaches for first, in one call: the API client, the query cache, navigation, flash messages,
// the body size and whether the console is read-only. Each is still its own hook; this only names the set.
import {useQueryClient} from '@tanstack/react-query';
import {useApi, useAppInfo} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNavActions} from '../src/ui/hooks/useNav.js';

export function useScreenKit() {
  const api = useApi();
  const client = useQueryClient();
  const nav = useNavActions();
  const flash = useFlash();
  const body = useBodySize();
  const {readonly} = useAppInfo();
  return {api, client, nav, flash, body, readonly};
}
