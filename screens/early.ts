// Everything `svc ui` needs before Ink and React have loaded, behind one dynamic import (commands/ui.ts): the
// query client, the store of the first frame's answers and the painter of that frame. One entry point gives the
// bundler one set of modules to place, so the console's first rows wait for fewer files.
export {storeFirstFrame} from '../src/queries/startup.js';
export {createQueryClient} from '../src/ui/queryClient.js';
export {terminalSize} from '../src/ui/shellLayout.js';
export {EarlyScreen} from '../src/ui/terminal.js';
export {deploymentsFirstFrame} from './deployments/firstFrame.js';
