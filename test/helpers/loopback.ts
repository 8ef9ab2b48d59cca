// A test's own HTTP server on an ephemeral loopback port: its URL, and a close that also ends kept-alive connections
// (a client's idle socket would otherwise hold server.close open).
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';

export async function listenOnLoopback(server: Server): Promise<{url: string; close: () => Promise<void>}> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
