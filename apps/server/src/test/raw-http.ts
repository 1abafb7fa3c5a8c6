// HTTP/1.1 over a bare socket, so attack tests can send request lines exactly as written: an
// absolute-form target (`GET http://x/api/… HTTP/1.1`), percent-encoded letters, doubled
// slashes. Clients such as fetch and app.inject normalise those away.
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** The request target, sent byte for byte. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one request on its own connection (Connection: close) and reads the whole answer. */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const body = request.body ?? '';
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${request.target}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!match?.[1]) {
        reject(new Error(`no HTTP answer to ${request.method} ${request.target}: ${text}`));
        return;
      }
      const [rawHead = '', ...rest] = text.split('\r\n\r\n');
      const parsed: Record<string, string> = {};
      for (const line of rawHead.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(match[1]), headers: parsed, body: rest.join('\r\n\r\n') });
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}
