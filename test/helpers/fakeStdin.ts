// A terminal's stdin for Ink without a terminal: raw mode is accepted, and `write` hands Ink one chunk the way a
// real TTY does (a 'readable' event, then `read()` returns it once). `paused` says whether the app let go of it.
import {EventEmitter} from 'node:events';

export class FakeStdin extends EventEmitter {
  isTTY = true;
  paused = false;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {
    this.paused = false;
  }
  pause() {
    this.paused = true;
  }
  ref() {}
  unref() {}
}
