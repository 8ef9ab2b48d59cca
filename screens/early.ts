// What `svc ui` needs to paint its first frame before Ink, React and query-core have loaded, behind one dynamic
// import (commands/ui.ts): the painter and the terminal's early state. One small entry point gives the bundler
// one set of modules to place, so the console's first rows wait for few files.
export {terminalSize} from '../src/ui/shellLayout.js';
export {EarlyScreen} from '../src/ui/terminal.js';
export {deploymentsFirstFrame} from './deployments/firstFrame.js';
