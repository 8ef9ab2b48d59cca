// A request over node:http with any header a test needs to forge (Host, Origin), which fetch would not send.
import {request} from 'node:http';

export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body = ''): Promise<{status: number; text: string}> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({host: url.hostname, port: url.port, method, path, headers: {...headers, 'content-length': Buffer.byteLength(body)}, timeout: 5000}, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({status: res.statusCode ?? 0, text}));
    });
    req.on('error', reject);
    req.end(body);
  });
}
