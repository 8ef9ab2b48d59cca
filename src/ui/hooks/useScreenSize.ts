// Terminal size that follows 'resize'. ink 6.8 has no useWindowSize; read Ink's stdout, not process.stdout,
// so tests can give a fake terminal its own size.
import {useEffect, useState} from 'react';
import {useStdout} from 'ink';

import {terminalSize as read, type ScreenSize} from '../shellLayout.js';

export type {ScreenSize} from '../shellLayout.js';

export function useScreenSize(): ScreenSize {
  const {stdout} = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const onResize = () => setSize(read(stdout));
    stdout.on('resize', onResize);
    onResize();
    return () => void stdout.off('resize', onResize);
  }, [stdout]);
  return size;
}
